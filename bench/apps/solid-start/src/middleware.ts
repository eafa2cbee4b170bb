import { createMiddleware } from "@solidjs/start/middleware"
import { authMiddleware } from "./auth"

// `event.locals.auth()` on every request, read lazily.
export default createMiddleware({ onRequest: [authMiddleware()] })
