import { createMiddleware } from "@solidjs/start/middleware"
import type { FetchEvent } from "@solidjs/start/server"
import { authMiddleware } from "./auth"

/** Scripts that ask /protected for JSON get the session (signed out, the guard answered 401). */
async function protectedAsJson(event: FetchEvent) {
  const { pathname } = new URL(event.request.url)
  const accept = event.request.headers.get("accept") ?? ""
  if (pathname !== "/protected" || !accept.startsWith("application/json")) return undefined
  return Response.json((await event.locals.auth?.()) ?? null)
}

// `event.locals.auth()` on every request, and /protected only for signed-in users (page loads;
// its query guards client-side navigation).
export default createMiddleware({
  onRequest: [authMiddleware({ protect: ["/protected"] }), protectedAsJson],
})
