import { SolidAuth } from "@auth/solid-start"
import { authConfig } from "~/auth"

// Every auth route under /api/auth. PUT, PATCH and DELETE get 405 (else: the app's 404 page).
export const { GET, POST, PUT, PATCH, DELETE } = SolidAuth(authConfig)
