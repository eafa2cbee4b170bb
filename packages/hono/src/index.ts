/**
 * `@auth/hono`: Auth.js for Hono 4 on `@auth/core/server`, with the names of `@hono/auth-js`, so
 * an app moves over by changing its imports. Core decides every URL, cookie and answer. Also
 * the signed-in user's sessions and accounts: `listSessions(c)`, `revokeOtherSessions(c)`, …,
 * and their providers' access tokens, refreshed when they expire: `getAccessToken(c, provider)`.
 *
 * @example
 * app.use("*", initAuthConfig(() => ({ providers: [GitHub] })))
 * app.use("/api/auth/*", authHandler())
 * app.use("/api/protected/*", verifyAuth())
 * app.get("/api/protected/me", (c) => c.json(c.get("authUser").session))
 *
 * @module @auth/hono
 */
import { Auth } from "@auth/core"
import {
  attachClientAddress,
  getCsrfToken as csrfToken,
  getSession,
  guard,
  invalidHostResponse,
  sessionCacheHeaders,
  setCookieHeaders,
} from "@auth/core/server"
import type { Session } from "@auth/core/types"
import type { Context, MiddlewareHandler } from "hono"
import { HTTPException } from "hono/http-exception"
import type { ContentfulStatusCode } from "hono/utils/http-status"
import { type AuthConfig, prepare } from "./internal/prepare.js"

export { AuthError, CredentialsSignin } from "@auth/core/errors"
export type {
  AccessTokenErrorCode,
  AccessTokenOptions,
  AccountInfo,
  AccountsResult,
  SessionInfo,
  SessionsResult,
} from "@auth/core/server"
export type { Account, DefaultSession, Profile, Session, User } from "@auth/core/types"
export {
  type GetAccessTokenOptions,
  type GetAccessTokenResult,
  getAccessToken,
} from "./internal/access-token.js"
export {
  listAccounts,
  listSessions,
  type RevokeSessionsResult,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  unlinkAccount,
} from "./internal/management.js"
export type { AuthConfig, AuthEnv } from "./internal/prepare.js"

declare module "hono" {
  interface ContextVariableMap {
    /** The signed-in user, set by `verifyAuth()`. */
    authUser: AuthUser
    /** The request's config, set by `initAuthConfig()`. */
    authConfig: AuthConfig
  }
}

/** Makes a request's config from its context (`c.env` holds the bindings on Workers). */
export type ConfigHandler = (c: Context) => AuthConfig | Promise<AuthConfig>

/** The signed-in user: what `c.get("authUser")` holds after `verifyAuth()`. */
export interface AuthUser {
  /** The session as GET `<basePath>/session` answers it (after the `session` callback). */
  session: Session
}

/**
 * Makes each request's config with `handler`, for the middleware registered after it. Return
 * the same object every time (or one per tenant) and it is completed from the environment once:
 * `c.env` (Workers bindings), then `process.env` where there is one.
 */
export function initAuthConfig(handler: ConfigHandler): MiddlewareHandler {
  return async (c, next) => {
    c.set("authConfig", await handler(c))
    await next()
  }
}

/**
 * Serves the auth routes: mount it at the base path, `app.use("/api/auth/*", authHandler())`.
 * The request goes to core's `Auth()` untouched (method, headers, body); a `Host` header no
 * URL can have gets `400`.
 */
export function authHandler(): MiddlewareHandler {
  return async (c) => {
    const { prepared, url } = prepare(c)
    if (!url) return invalidHostResponse()
    return Auth(attachClientAddress(c.req.raw, peerAddressOf(c)), prepared.config)
  }
}

/**
 * Lets only signed-in requests through and sets `c.get("authUser")`. Anyone else is refused
 * with an `HTTPException` carrying core's answer: `303` to the sign-in page with a
 * `callbackUrl` back, `401` JSON `{ "error": "Unauthorized" }` for API clients, `503` when the
 * database is unreachable. A session cookie due for renewal is re-issued on the response. The
 * auth routes and the sign-in page always pass, so a guard on `/api/*` cannot loop.
 */
export function verifyAuth(): MiddlewareHandler {
  return async (c, next) => {
    const { prepared, url } = prepare(c)
    if (!url) return invalidHostResponse()
    if (prepared.isAuthRoute(url.pathname)) return next() // signing in must stay possible
    // The guard redirects on the request's origin: hand it the app's URL (AUTH_URL's).
    const request =
      url.href === c.req.url ? c.req.raw : new Request(url, { headers: c.req.raw.headers })
    const result = await guard(request, prepared, { reissue: "stale" })
    if (!result.session) {
      const status = result.response.status as ContentfulStatusCode
      throw new HTTPException(status, { res: result.response })
    }
    c.set("authUser", { session: result.session })
    await next()
    if (result.cookies.length === 0) return
    for (const value of setCookieHeaders(result.cookies))
      c.header("Set-Cookie", value, { append: true })
    // A re-issued session cookie: no shared cache may keep the response.
    for (const [name, value] of sessionCacheHeaders(c.res.headers)) c.header(name, value)
  }
}

/**
 * The signed-in user, or `null`: what `verifyAuth()` set, else the session read from the
 * request's cookies (read only: no cookie is re-issued).
 */
export async function getAuthUser(c: Context): Promise<AuthUser | null> {
  const known = c.get("authUser") as AuthUser | undefined
  if (known) return known
  const { prepared, url } = prepare(c)
  if (!url) return null
  const options = { reissue: "never", origin: url.origin } as const
  const { session } = await getSession(c.req.raw, prepared.config, options)
  return session ? { session } : null
}

/**
 * The CSRF token for a form the server renders that posts to the auth routes (a sign-out
 * button without JavaScript); its cookie, when the request had none, goes on the response.
 * `""` for a `Host` no URL can have.
 */
export async function getCsrfToken(c: Context): Promise<string> {
  const { prepared, url } = prepare(c)
  if (!url) return ""
  const { token, cookies } = await csrfToken(c.req.raw, prepared)
  for (const value of setCookieHeaders(cookies)) c.header("Set-Cookie", value, { append: true })
  return token
}

/**
 * The socket's peer address where the runtime exposes it: `@hono/node-server` puts Node's
 * request in `c.env.incoming`. Elsewhere (edge runtimes) none, and core reads what the
 * platform's proxy forwarded.
 */
function peerAddressOf(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress
}
