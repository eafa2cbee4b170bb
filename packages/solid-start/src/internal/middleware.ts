import { isPathUnder, type PreparedConfig } from "@auth/core/server"
import type { Session } from "@auth/core/types"
import type { SolidRequestEvent } from "./event.js"
import { badRequest } from "./handler.js"
import { protect } from "./protect.js"
import { requestURLOf } from "./request-url.js"
import { readEventSession } from "./session.js"

/** Options of `authMiddleware`. */
export interface AuthMiddlewareOptions {
  /**
   * Pages only a signed-in user may load: each entry is a path (`/dashboard`) that also covers
   * the paths below it (`/dashboard/settings`). Other visitors get `303` to the sign-in page with
   * a `callbackUrl` back, or `401` JSON when they ask for JSON.
   *
   * Middleware sees page loads, not client-side navigation: guard the data of these pages too,
   * with `requireSession()` in their `query`.
   * @default []
   */
  protect?: readonly string[]
}

/** A SolidStart `onRequest` middleware (`createMiddleware({ onRequest: [...] })`). */
export type AuthMiddleware = (event: SolidRequestEvent) => Promise<Response | undefined>

/** The locals `authMiddleware` sets. */
export interface AuthLocals {
  /** The request's session or `null`, read on first call and kept for the request. */
  auth?: () => Promise<Session | null>
}

/**
 * The middleware: `event.locals.auth()` on every request (read lazily, once), `400` for a `Host`
 * no URL can have, and the guard of the `protect`ed pages (never the auth routes or the sign-in
 * page, which the sign-in flow runs through).
 */
export function createAuthMiddleware(
  prepared: PreparedConfig,
  options: AuthMiddlewareOptions = {},
): AuthMiddleware {
  const protectedPaths = options.protect ?? []
  return async (event) => {
    const locals = event.locals as AuthLocals
    locals.auth ??= async () => (await readEventSession(event, prepared)).session
    const url = requestURLOf(event, prepared)
    // SolidStart cannot render a request whose Host no URL can have (h3 2 throws building its
    // URL): the client gets 400 instead of a 500.
    if (!url) return badRequest()
    const method = event.request.method
    if (method !== "GET" && method !== "HEAD") return undefined
    if (prepared.isAuthRoute(url.pathname)) return undefined
    if (!protectedPaths.some((path) => isPathUnder(url.pathname, path))) return undefined
    const answer = await protect(event, prepared)
    return answer instanceof Response ? answer : undefined
  }
}
