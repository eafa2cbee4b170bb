/**
 * The signed-in user's sessions and linked accounts from a Hono handler: core's
 * `listSessions`, `revokeSession`, `revokeOtherSessions`, `revokeAllSessions`, `listAccounts`
 * and `unlinkAccount` on the request's app URL, with the cookies a revocation returns set on
 * the context's response.
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
import type { Context } from "hono"
import { prepare } from "./prepare.js"

/**
 * What a revocation gave: how many sessions it signed out, or why not (`SessionRequired`
 * signed out, `MissingCSRF` in a GET request, `InvalidRequest`). Its cookies are already set on
 * the response, and left out here, so the result can be sent as it is (`c.json(result)`).
 */
export type RevokeSessionsResult = AppliedRevokeSessionsResult

/** Hono checks no origin unless the app registers `csrf()`: every change checks it itself. */
const CHECK_ORIGIN = { checkOrigin: true } as const

type Call<T> = (request: Request, prepared: PreparedConfig) => Promise<T>

/**
 * The signed-in user's sessions (`{ id, current, createdAt, lastUsedAt, userAgent, ip }`), this
 * request's marked `current`; `{ error: "SessionRequired", status: 401 }` when signed out.
 *
 * @example
 * app.get("/account/sessions", async (c) => c.json(await listSessions(c)))
 */
export function listSessions(c: Context): Promise<SessionsResult> {
  return runOnRequest(c, listSessionsOf)
}

/**
 * Signs out the session `id` (as listed); this request's own one too (its cookie cleared). Like
 * every change here it carries no CSRF token: it refuses a request the browser says comes from
 * another site (`Origin`, `Sec-Fetch-Site`) and one in a GET (`MissingCSRF`); register Hono's
 * `csrf()` middleware (`hono/csrf`) on its route too, or use the browser client, which posts to
 * the auth routes with the token.
 */
export function revokeSession(c: Context, id: string): Promise<RevokeSessionsResult> {
  return revoke(c, (request, prepared) => revokeSessionOf(request, prepared, id, CHECK_ORIGIN))
}

/**
 * Signs out every session of the user but this request's (after a password change); see
 * {@link revokeSession} for where to call it.
 *
 * @example
 * app.post("/account/password", csrf(), async (c) => {
 *   await changePassword(c)
 *   return c.json(await revokeOtherSessions(c))
 * })
 */
export function revokeOtherSessions(c: Context): Promise<RevokeSessionsResult> {
  return revoke(c, (request, prepared) => revokeOtherSessionsOf(request, prepared, CHECK_ORIGIN))
}

/** Signs out every session of the user, this request's too (its cookie cleared). */
export function revokeAllSessions(c: Context): Promise<RevokeSessionsResult> {
  return revoke(c, (request, prepared) => revokeAllSessionsOf(request, prepared, CHECK_ORIGIN))
}

/** The signed-in user's linked accounts (`{ provider, type, providerAccountId }`). */
export function listAccounts(c: Context): Promise<AccountsResult> {
  return runOnRequest(c, listAccountsOf)
}

/**
 * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
 * given); returns the accounts left, or `LastSignInMethod` when it is their only way in. See
 * {@link revokeSession} for where to call it.
 */
export function unlinkAccount(
  c: Context,
  provider: string,
  providerAccountId?: string,
): Promise<AccountsResult> {
  return runOnRequest(c, (request, prepared) =>
    unlinkAccountOf(request, prepared, provider, providerAccountId, CHECK_ORIGIN),
  )
}

/** Runs a core function on the request's app URL, with its method and headers (cookies). */
async function runOnRequest<T>(c: Context, call: Call<T>): Promise<T | typeof INVALID_HOST_RESULT> {
  const { prepared, url } = prepare(c)
  if (!url) return INVALID_HOST_RESULT
  return call(new Request(url, { method: c.req.method, headers: c.req.raw.headers }), prepared)
}

async function revoke(
  c: Context,
  call: Call<CoreRevokeSessionsResult>,
): Promise<RevokeSessionsResult> {
  return applyRevocation(await runOnRequest(c, call), (cookies) => setCookies(c, cookies))
}

/** Sets core's cookies on the response, which then no shared cache may keep. */
export function setCookies(c: Context, cookies: Cookie[]): void {
  if (cookies.length === 0) return
  for (const value of setCookieHeaders(cookies)) c.header("Set-Cookie", value, { append: true })
  for (const [name, value] of sessionCacheHeaders(c.res.headers)) c.header(name, value)
}
