import {
  invalidHostResponse,
  isPathUnder,
  matchesProtectedPath,
  type PathMatchOptions,
  type PreparedConfig,
} from "@auth/core/server"
import type { Session } from "@auth/core/types"
import type { SolidRequestEvent } from "./event.js"
import { protect } from "./protect.js"
import { requestURLOf } from "./request-url.js"
import { readEventSession } from "./session.js"

/** Options of `authMiddleware`. */
export interface AuthMiddlewareOptions {
  /**
   * Pages only a signed-in user may load: each entry is a path (`/dashboard`) that also covers
   * the paths below it (`/dashboard/settings`), however a request spells it (`/Dashboard`,
   * `/%64ashboard/`: core's `matchesProtectedPath`, case-insensitive as Solid Router), whatever
   * its method (SolidStart renders pages for a `POST` or a `PUT` too). Other visitors get `303`
   * to the sign-in page with a `callbackUrl` back, or `401` JSON when they ask for JSON. An
   * action's post to a server function (`/_server`) renders no page and passes: guard it with
   * `requireSession()`.
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
 * How SolidStart routes a path: Solid Router (pages) lower-cases both sides; its API routes
 * (radix3) do not, so the guard takes the looser of the two.
 */
const SOLID_ROUTER: PathMatchOptions = { caseSensitive: false }

/** Where SolidStart answers server function calls (`"use server"`, actions' form posts). */
const SERVER_FUNCTIONS = "/_server"

/**
 * Whether the request calls a server function with another method than `GET` (an action: a
 * sign-in form posts to one). It renders no page, and guards itself (`requireSession()`);
 * a `GET` call (a `query`'s) is guarded as a page when `/` is protected.
 */
function isActionCall(request: Request, pathname: string): boolean {
  const { method } = request
  return method !== "GET" && method !== "HEAD" && isPathUnder(pathname, SERVER_FUNCTIONS)
}

/**
 * The middleware: `event.locals.auth()` on every request (read lazily, once), `400` for a `Host`
 * no URL can have, and the guard of the `protect`ed pages (never the auth routes or the sign-in
 * page, which the sign-in flow runs through, nor an action's post, which a sign-in form makes).
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
    if (!url) return invalidHostResponse()
    const { pathname } = url
    if (prepared.isAuthRoute(pathname) || isActionCall(event.request, pathname)) return undefined
    if (!protectedPaths.some((path) => matchesProtectedPath(pathname, path, SOLID_ROUTER))) {
      return undefined
    }
    const answer = await protect(event, prepared)
    return answer instanceof Response ? answer : undefined
  }
}
