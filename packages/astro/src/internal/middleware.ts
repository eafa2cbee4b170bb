import { parseSetCookie } from "@auth/core/cookie"
import {
  invalidHostResponse,
  isPathUnder,
  sessionCacheHeaders,
  setCookieHeaders,
} from "@auth/core/server"
import type { Cookie } from "@auth/core/types"
import type { MiddlewareHandler } from "astro"
import { prepare } from "./config.js"
import type { FullAuthConfig } from "./options.js"
import { readSession } from "./session.js"

/**
 * Astro middleware that puts the request's session (or `null`) on `Astro.locals.session`, read
 * once per request, for every page and endpoint rendered on demand (prerendered pages get
 * `null`: there is no visitor at build time). The session cookie is re-issued on the response
 * once it is `session.updateAge` old (a day by default) or the `jwt` callback changed the
 * token, so the session's expiry keeps sliding while the visitor browses, without a new cookie
 * on every response.
 *
 * Requests for the auth routes pass through untouched (they read the session themselves), and a
 * `Host` no URL can have gets `400` (Astro would render such a request as another URL).
 *
 * @param config the auth config; by default the one of `auth.config` (`auth:config`)
 * @example
 * // src/middleware.ts
 * import { authMiddleware } from "@auth/astro/server"
 *
 * export const onRequest = authMiddleware()
 * // with your own middleware: sequence(authMiddleware(), yours), from "astro:middleware"
 */
export function authMiddleware(config?: FullAuthConfig): MiddlewareHandler {
  return async (context, next) => {
    if (context.isPrerendered) {
      context.locals.session = null
      return next()
    }
    const prepared = prepare(config)
    if (!prepared.requestURL(context.request)) return invalidHostResponse()
    // The routes under the base path, not a custom sign-in page (`isAuthRoute`): that page is the
    // app's, and may show who is signed in.
    if (isPathUnder(context.url.pathname, prepared.basePath)) return next()
    const { session, cookies } = await readSession(context.request, prepared.config, "stale")
    context.locals.session = session
    return withCookies(await next(), cookies)
  }
}

/**
 * The response with the re-issued session cookies added, unless it sets a cookie of that name
 * itself (a page that signs the visitor out knows better), and kept out of shared caches (core's
 * `sessionCacheHeaders`: `private, no-store` unless it is private already).
 */
function withCookies(response: Response, cookies: readonly Cookie[]): Response {
  if (cookies.length === 0) return response
  const own = new Set(response.headers.getSetCookie().map((cookie) => parseSetCookie(cookie)?.name))
  const added = setCookieHeaders(cookies.filter((cookie) => !own.has(cookie.name)))
  if (added.length === 0) return response
  let target = response
  try {
    for (const cookie of added) target.headers.append("set-cookie", cookie)
  } catch {
    // `Response.redirect()` and fetched responses have immutable headers: copy them.
    target = new Response(response.body, response)
    for (const cookie of added) target.headers.append("set-cookie", cookie)
  }
  for (const [name, value] of sessionCacheHeaders(target.headers)) target.headers.set(name, value)
  return target
}
