/**
 * Session checks without the routes: read the session of any request (middleware, route
 * guards, server-rendered pages) exactly as GET `<basePath>/session` reads it, from an entry
 * small enough for the edge. It loads no pages, no OAuth client and no e-mail code.
 *
 * @example
 * import { getSession } from "@auth/core/session"
 *
 * const session = await getSession(request, authConfig)
 *
 * @module session
 */

import { setCookieHeaders } from "./internal/http/respond.js"
import { readRequestSession } from "./internal/server/session.js"
import type { Reissue } from "./internal/session/session.js"
import type { AuthConfig, Session } from "./types.js"

export { sessionAsJson } from "./internal/session/session-json.js"
export type { Reissue }

/** What {@link checkSession} found. */
export interface SessionCheck {
  /** The session, as the `session` callback returned it (GET `/session` sends it as JSON), or `null`. */
  session: Session | null
  /**
   * The cookies that GET `/session` would set, as `Set-Cookie` header values: the re-issued
   * session cookie (JWT strategy: a fresh token with a new expiry; database strategy: the cookie
   * with the stored session's expiry), or the deletion of a cookie that is invalid or expired.
   * Middleware that keeps the sliding expiry going appends them to its response.
   */
  setCookie: string[]
  /**
   * Set when the session could not be read, for another reason than the request's cookie (then
   * `session` is `null` and the cause was logged): `"config"`, a config mistake (GET `/session`
   * answers 500); `"error"`, with the JWT strategy, the `jwt` or `session` callback or a custom
   * `jwt.encode` threw (GET `/session` redirects to the error page). A missing, expired or
   * tampered cookie is no failure: the session is just `null`; with the database strategy, a
   * failing adapter or `session` callback gives `null` too (logged), as GET `/session` does,
   * except `"unavailable"`: the adapter's database cannot be reached (GET `/session` answers 503).
   */
  failure?: "config" | "error" | "unavailable"
}

/** Options of {@link checkSession}. */
export interface SessionCheckOptions {
  /**
   * When a JWT session's cookie is re-issued with a fresh expiry (`setCookie`):
   * - `"always"`: on every check, as GET `<basePath>/session` does;
   * - `"stale"`: only when the token was issued `session.updateAge` seconds ago or more (1 day
   *   by default; `0`: every check), or when the `jwt` callback changed it. For a middleware
   *   that runs on every request: the expiry still slides, without a new cookie (and its
   *   encryption) on every response;
   * - `"never"`: read only (`setCookie` then only holds the deletion of an invalid cookie).
   *
   * The database strategy extends a stored session when `updateAge` has passed, whatever this
   * says.
   * @default "always"
   */
  reissue?: Reissue
  /**
   * The app's origin (`https://app.example`), for an integration that decided it from the
   * request's headers while the request's own URL is on another host (Next.js builds it from
   * the host it listens on). It decides the cookie names (`__Secure-` on https). `AUTH_URL`
   * (the config's resolved origin) wins over it; without either, the request's URL is used.
   */
  origin?: string
  /**
   * Database sessions with `session.cookieCache`: where a check goes when the cache cookie is
   * stale or missing. `"database"`: the adapter, as GET `<basePath>/session` does. `"fetch"`:
   * the app's own GET `<basePath>/session` over HTTP (`AUTH_URL`, or the request's origin),
   * served where the database is, for a middleware on a runtime where the adapter cannot run
   * (an edge runtime): the adapter is then never called here, and `setCookie` passes on the
   * fresh cache cookie, so the next check, for `maxAge` seconds, needs neither.
   * @default "database"
   */
  cacheMiss?: "database" | "fetch"
}

/**
 * Reads the session of a request exactly as GET `<basePath>/session` does (the same `jwt` and
 * `session` callbacks, the `session` event, the JWT re-issue, the database strategy), whatever
 * the request's path and method, and returns it with the cookies that response would set.
 *
 * Fails closed: a config mistake, or a callback that throws, gives `session: null` with the
 * cause logged and `failure` set; a missing, expired or tampered cookie gives `session: null`.
 * Pass the same config object on every request: it is resolved and checked once, then cached.
 *
 * @throws {TypeError} When a `cookies` option of the config is not a valid cookie attribute
 *   (where `Auth()` throws too, when it writes that cookie).
 * @example
 * // Edge middleware that keeps the session's sliding expiry going.
 * import { checkSession } from "@auth/core/session"
 * import { authConfig } from "./auth.config"
 *
 * export default async function middleware(request: Request): Promise<Response> {
 *   const { session, setCookie } = await checkSession(request, authConfig)
 *   const response = session
 *     ? await fetch(request)
 *     : Response.redirect(new URL("/auth/signin", request.url), 303)
 *   const headers = new Headers(response.headers)
 *   for (const cookie of setCookie) headers.append("Set-Cookie", cookie)
 *   return new Response(response.body, { status: response.status, headers })
 * }
 */
export async function checkSession(
  request: Request,
  config: AuthConfig,
  options: SessionCheckOptions = {},
): Promise<SessionCheck> {
  const { session, cookies, failure } = await readRequestSession(request, config, options)
  if (failure) return { session: null, setCookie: [], failure }
  return { session, setCookie: setCookieHeaders(cookies) }
}

/**
 * The session of a request, or `null`: {@link checkSession} read only (`reissue: "never"`), for
 * callers that do not pass cookies on: no token is encrypted for nothing (the session's expiry
 * then only slides when the client calls `/session` or a middleware re-issues it).
 *
 * @throws {TypeError} When a `cookies` option of the config is not a valid cookie attribute.
 * @example
 * // A Cloudflare Worker (or any fetch handler) that serves only signed-in users.
 * import { getSession } from "@auth/core/session"
 * import { authConfig } from "./auth.config"
 *
 * export default {
 *   async fetch(request: Request): Promise<Response> {
 *     const session = await getSession(request, authConfig)
 *     if (!session) return new Response("Sign in first.", { status: 401 })
 *     return Response.json({ hello: session.user?.name })
 *   },
 * }
 */
export async function getSession(request: Request, config: AuthConfig): Promise<Session | null> {
  return (await checkSession(request, config, { reissue: "never" })).session
}
