import { authMiddleware } from "@auth/astro/server"

// `Astro.locals.session` on every page: read once per request.
export const onRequest = authMiddleware()
