/**
 * The signed-in user's sessions and linked accounts from an Express route: core's
 * `listSessions`, `revokeSession`, `revokeOtherSessions`, `revokeAllSessions`, `listAccounts`
 * and `unlinkAccount` on the request's app URL, with the cookies a revocation returns set on
 * `res`.
 */
import {
  type AccountsResult,
  type AppliedRevokeSessionsResult,
  applyRevocation,
  type RevokeSessionsResult as CoreRevokeSessionsResult,
  INVALID_HOST_RESULT,
  listAccounts as listAccountsOf,
  listSessions as listSessionsOf,
  type PreparedConfig,
  revokeAllSessions as revokeAllSessionsOf,
  revokeOtherSessions as revokeOtherSessionsOf,
  revokeSession as revokeSessionOf,
  type SessionsResult,
  sessionCacheHeaders,
  setCookieHeaders,
  unlinkAccount as unlinkAccountOf,
} from "@auth/core/server"
import type { Cookie } from "@auth/core/types"
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"
import { type ExpressAuthConfig, prepare } from "./config.js"
import { requestHeaders, requestURL } from "./request.js"

/**
 * What a revocation gave: how many sessions it signed out, or why not (`SessionRequired`
 * signed out, `MissingCSRF` in a GET request, `InvalidRequest`). Its cookies are already set on
 * `res`, and left out here, so the result can be sent as it is.
 */
export type RevokeSessionsResult = AppliedRevokeSessionsResult

type Call<T> = (request: Request, prepared: PreparedConfig) => Promise<T>

/** Express checks no origin: every change below refuses a cross-site request itself. */
const CHECK_ORIGIN = { checkOrigin: true } as const

/**
 * The signed-in user's sessions (`{ id, current, createdAt, lastUsedAt, userAgent, ip }`), this
 * request's marked `current`; `{ error: "SessionRequired", status: 401 }` when signed out.
 *
 * @throws {AuthError} in production, a configuration mistake
 * @example
 * app.get("/account/sessions", async (req, res) => {
 *   const result = await listSessions(req, authConfig)
 *   res.status(result.error ? result.status : 200).json(result)
 * })
 */
export function listSessions(
  req: ExpressRequest,
  config: ExpressAuthConfig,
): Promise<SessionsResult> {
  return runOnRequest(req, config, listSessionsOf)
}

/**
 * Signs out the session `id` (as listed); this request's own one too (its cookie cleared on
 * `res`). Like every change here it carries no CSRF token, and Express checks no origin: it
 * refuses a request the browser says comes from another site (`Sec-Fetch-Site`, `Origin`) and
 * one in a GET, with `MissingCSRF`. Browsers too old to say are not caught: call it from a route
 * your app protects, or use the browser client, which posts to the auth routes with the token.
 *
 * @throws {AuthError} in production, a configuration mistake
 */
export function revokeSession(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
  id: string,
): Promise<RevokeSessionsResult> {
  return revoke(req, res, config, (request, prepared) =>
    revokeSessionOf(request, prepared, id, CHECK_ORIGIN),
  )
}

/**
 * Signs out every session of the user but this request's (after a password change); see
 * {@link revokeSession} for where to call it.
 *
 * @throws {AuthError} in production, a configuration mistake
 * @example
 * app.post("/account/password", async (req, res) => {
 *   await changePassword(req)
 *   res.json(await revokeOtherSessions(req, res, authConfig))
 * })
 */
export function revokeOtherSessions(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
): Promise<RevokeSessionsResult> {
  return revoke(req, res, config, (request, prepared) =>
    revokeOtherSessionsOf(request, prepared, CHECK_ORIGIN),
  )
}

/**
 * Signs out every session of the user, this request's too (its cookie cleared on `res`).
 *
 * @throws {AuthError} in production, a configuration mistake
 */
export function revokeAllSessions(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
): Promise<RevokeSessionsResult> {
  return revoke(req, res, config, (request, prepared) =>
    revokeAllSessionsOf(request, prepared, CHECK_ORIGIN),
  )
}

/**
 * The signed-in user's linked accounts (`{ provider, type, providerAccountId }`).
 *
 * @throws {AuthError} in production, a configuration mistake
 */
export function listAccounts(
  req: ExpressRequest,
  config: ExpressAuthConfig,
): Promise<AccountsResult> {
  return runOnRequest(req, config, listAccountsOf)
}

/**
 * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
 * given); returns the accounts left, or `LastSignInMethod` when it is their only way in. See
 * {@link revokeSession} for where to call it.
 *
 * @throws {AuthError} in production, a configuration mistake
 */
export function unlinkAccount(
  req: ExpressRequest,
  config: ExpressAuthConfig,
  provider: string,
  providerAccountId?: string,
): Promise<AccountsResult> {
  return runOnRequest(req, config, (request, prepared) =>
    unlinkAccountOf(request, prepared, provider, providerAccountId, CHECK_ORIGIN),
  )
}

/** Runs a core function on the request's app URL, with its method and headers (cookies). */
async function runOnRequest<T>(
  req: ExpressRequest,
  config: ExpressAuthConfig,
  call: Call<T>,
): Promise<T | typeof INVALID_HOST_RESULT> {
  const prepared = prepare(config)
  const url = requestURL(req, prepared)
  if (!url) return INVALID_HOST_RESULT
  return call(new Request(url, { method: req.method, headers: requestHeaders(req) }), prepared)
}

async function revoke(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
  call: Call<CoreRevokeSessionsResult>,
): Promise<RevokeSessionsResult> {
  const result = await runOnRequest(req, config, call)
  return applyRevocation(result, (cookies) => setCookies(res, cookies))
}

/** Sets core's cookies on `res`, which then no shared cache may keep (`sessionCacheHeaders`). */
export function setCookies(res: ExpressResponse, cookies: readonly Cookie[]): void {
  if (cookies.length === 0) return
  res.append("Set-Cookie", setCookieHeaders([...cookies]))
  const headers = { get: (name: string) => headerValue(res.getHeader(name)) }
  for (const [name, value] of sessionCacheHeaders(headers)) res.setHeader(name, value)
}

function headerValue(value: number | string | string[] | undefined): string | null {
  if (value === undefined) return null
  return Array.isArray(value) ? value.join(", ") : String(value)
}
