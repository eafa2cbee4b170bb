import { handlers } from "@/auth"

// GET and POST serve the auth routes; PUT, PATCH and DELETE answer 405 with `Allow: GET, POST`.
export const { GET, POST, PUT, PATCH, DELETE } = handlers
