import { parseSetCookie } from "@auth/core/cookie"
import { guard, invalidHostResponse, sessionCacheHeaders } from "@auth/core/server"
import type { Session } from "@auth/core/types"
import { type NextFetchEvent, NextRequest, NextResponse } from "next/server.js"
import type { RequestAccessTokens } from "./access-token.js"
import { appURL, type ReadyConfig } from "./config.js"
import { forwardRequestCookies } from "./request-cookies.js"
import { isEdgeRuntime, readSession } from "./session.js"
import type {
  AuthorizedResult,
  NextAuthMiddleware,
  NextAuthRequest,
  NextAuthRouteHandler,
} from "./types.js"

/**
 * Makes `req.getAccessToken` for one request: `requestAccessTokens` of `access-token.ts` from
 * `next-auth`, {@link withoutAccessTokens} from `next-auth/proxy`, whose edge bundle carries only
 * the session check (no OAuth client to refresh tokens with).
 */
export type AccessTokensFactory = (
  request: Request,
  url: URL,
  config: ReadyConfig,
) => RequestAccessTokens

/** `req.getAccessToken` of `next-auth/proxy`: a `Configuration` failure that says where to go. */
export const withoutAccessTokens: AccessTokensFactory = () => ({
  setCookie: [],
  get: async () => ({
    code: "Configuration",
    error: new Error(
      'req.getAccessToken needs `auth` from NextAuth of "next-auth": "next-auth/proxy" carries only the session check, for a small edge bundle.',
    ),
  }),
})

/** A handler wrapped with `auth(handler)`: a middleware or a route handler. */
export type WrappedHandler = NextAuthMiddleware | NextAuthRouteHandler

/**
 * Runs `auth` as middleware (or `proxy.ts`), or a handler wrapped with `auth(handler)`:
 *
 * 1. reads the session from the request's cookies (on the app's URL: see `appURL`);
 * 2. asks `callbacks.authorized` (no callback: allowed); a `Response` it returns is the answer,
 *    unless it redirects to the very path asked for (that would loop: the request goes on);
 * 3. refused: core's `guard` answers (`303` to the sign-in page, `401` for JSON), and a wrapped
 *    handler does not run; requests for the auth routes and the sign-in page are never refused;
 * 4. allowed: the wrapped handler with `req.auth` and `req.getAccessToken` set, or
 *    `NextResponse.next()`;
 * 5. on a `GET` (a navigation), the session cookie is re-issued once it is `session.updateAge`
 *    old (a day by default) or the `jwt` callback changed the token: set on the response
 *    (sliding expiry) and handed on to the request, so the Server Components rendered for it
 *    read the refreshed session. Between re-issues, responses carry no `Set-Cookie`;
 * 6. whatever the method, the session cookie `req.getAccessToken` re-sealed after a refresh is
 *    set and handed on the same way (a rotated refresh token must not be lost).
 */
export async function runAuthMiddleware(
  request: NextRequest,
  context: unknown,
  config: ReadyConfig,
  handler?: WrappedHandler,
  requestAccessTokens: AccessTokensFactory = withoutAccessTokens,
): Promise<Response> {
  const { pathname, search } = new URL(request.url)
  const url = appURL(config, request.headers, `${pathname}${search}`)
  if (!url) return invalidHostResponse()
  const authRequest = onOrigin(request, url, config)
  // On the edge, a database session may be read through the app's own `<basePath>/session`,
  // which this middleware may be in front of: that request goes on untouched (no read, which
  // would fetch it again; no `authorized` nor wrapped middleware, which would see no session
  // and may redirect it). The route reads the session itself.
  const onSessionRoute = url.pathname === config.prepared.actionURL(url.origin, "session").pathname
  if (onSessionRoute && isEdgeRuntime()) return NextResponse.next()
  const { session, setCookie } = await readSession(request, url, config, "stale")
  const decision = await decide(authRequest, session, config)

  const accessTokens = requestAccessTokens(request, url, config)
  let response: Response
  if (decision instanceof Response && !redirectsTo(decision, url, request)) {
    response = decision
  } else if (!decision && !config.prepared.isAuthRoute(url.pathname)) {
    response = await refuse(url, request.headers, config)
  } else if (handler) {
    const withAuth = authRequest as NextAuthRequest
    withAuth.auth = session
    withAuth.getAccessToken = accessTokens.get
    const result = await (handler as NextAuthMiddleware)(withAuth, context as NextFetchEvent)
    response = result ?? NextResponse.next()
  } else {
    response = NextResponse.next()
  }
  if (accessTokens.setCookie.length > 0) {
    // Newer than the re-issued session cookie, which it replaces.
    return withCookies(response, request, accessTokens.setCookie)
  }
  return withRefreshedSession(response, request, url, setCookie, config)
}

async function decide(
  request: NextRequest,
  session: Session | null,
  config: ReadyConfig,
): Promise<AuthorizedResult> {
  if (!config.authorized) return true
  return config.authorized({ request, auth: session })
}

/**
 * The request as the app's callbacks see it. With `AUTH_URL` set, on its origin, as next-auth
 * does (`new URL("/login", request.nextUrl)` then points where the browser can go). Without it,
 * Next.js's own: `NextResponse.rewrite(new URL("/x", request.url))` must keep the host Next.js
 * gave (it listens on `localhost:3000` behind any proxy), or Next.js proxies the rewrite to the
 * public host as an external URL.
 */
function onOrigin(request: NextRequest, url: URL, config: ReadyConfig): NextRequest {
  if (!config.prepared.config.url || request.url === url.href) return request
  const init: ConstructorParameters<typeof NextRequest>[1] & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    nextConfig: { basePath: request.nextUrl.basePath },
  }
  if (request.body) {
    init.body = request.body
    init.duplex = "half"
  }
  return new NextRequest(url, init)
}

/** Core's refusal of a request `callbacks.authorized` turned away, whatever its session. */
async function refuse(url: URL, headers: Headers, config: ReadyConfig): Promise<Response> {
  const { response } = await guard(new Request(url, { headers }), config.prepared, {
    session: null,
  })
  // With no session, the guard always refuses.
  return response!
}

/**
 * Whether a response redirects to the path that was asked for (a redirect loop), on the app's
 * origin or on the one Next.js gave the request.
 */
function redirectsTo(response: Response, url: URL, request: Request): boolean {
  const location = response.headers.get("location")
  if (!location || !URL.canParse(location, url)) return false
  const target = new URL(location, url)
  const sameOrigin = target.origin === url.origin || target.origin === new URL(request.url).origin
  return sameOrigin && target.pathname === url.pathname
}

/**
 * The response with the re-issued session cookies (on a mutable copy), on navigations only:
 * a `POST` (a server action, a form) may be signing in or out, and its own cookies must win.
 * Cookies the response already sets are left alone, and nothing is added for the auth routes.
 * With nothing to add, the response as it is.
 */
function withRefreshedSession(
  response: Response,
  request: Request,
  url: URL,
  setCookie: readonly string[],
  config: ReadyConfig,
): Response {
  const navigation = request.method === "GET" || request.method === "HEAD"
  if (!navigation || setCookie.length === 0 || config.prepared.isAuthRoute(url.pathname)) {
    return response
  }
  return withCookies(response, request, setCookie)
}

/**
 * The response (a mutable copy) with `setCookie` set, but for the cookies it already sets, and
 * handed on to the request that renders.
 */
function withCookies(response: Response, request: Request, setCookie: readonly string[]): Response {
  const copy = new Response(response.body, response)
  const alreadySet = new Set(
    copy.headers.getSetCookie().map((header) => parseSetCookie(header)?.name),
  )
  const refreshed = setCookie.filter((header) => !alreadySet.has(parseSetCookie(header)?.name))
  for (const header of refreshed) copy.headers.append("Set-Cookie", header)
  // No shared cache may keep a response that re-issues the session cookie.
  if (refreshed.length > 0) {
    for (const [name, value] of sessionCacheHeaders(copy.headers)) copy.headers.set(name, value)
  }
  forwardRequestCookies(copy, request.headers, refreshed)
  return copy
}
