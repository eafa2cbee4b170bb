/**
 * The signed-in user's sessions and linked accounts from server functions: core's
 * `listSessions`, `revokeSession`, `revokeOtherSessions`, `revokeAllSessions`, `listAccounts`
 * and `unlinkAccount` on the request's app URL, with the cookies a revocation returns on the
 * event's response.
 */
import {
  type AccountsResult,
  type AppliedRevokeSessionsResult,
  applyRevocation,
  type RevokeSessionsResult as CoreRevokeSessionsResult,
  INVALID_HOST_RESULT,
  listAccounts,
  listSessions,
  type PreparedConfig,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionsResult,
  setCookieHeaders,
  unlinkAccount,
} from "@auth/core/server"
import type { SolidRequestEvent } from "./event.js"
import { appRequestOf } from "./request-url.js"
import { appendSessionCookies, forgetSession } from "./session.js"

/**
 * What a revocation gave: how many sessions it signed out, or why not (`SessionRequired`
 * signed out, `MissingCSRF` in a GET request, `InvalidRequest`). Its cookies are already on the
 * event's response, and left out here: a server function's result goes to the browser.
 */
export type RevokeSessionsResult = AppliedRevokeSessionsResult

type Call<T> = (request: Request, prepared: PreparedConfig) => Promise<T>

/**
 * Runs a core function on the event's request, on its app URL, with its method (core refuses
 * the changes in a GET) and headers (its cookies).
 */
async function runOnEvent<T>(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  call: Call<T>,
): Promise<T | typeof INVALID_HOST_RESULT> {
  const app = appRequestOf(event, prepared)
  if (!app) return INVALID_HOST_RESULT
  return call(new Request(app, { method: event.request.method }), prepared)
}

/** The signed-in user's sessions, this request's marked `current`. */
export function listSessionsOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
): Promise<SessionsResult> {
  return runOnEvent(event, prepared, listSessions)
}

/**
 * SolidStart's server functions check no origin: the changes below refuse a request the browser
 * says comes from another site (`MissingCSRF`), as `signIn` and `signOut` do.
 */
const CHECK_ORIGIN = { checkOrigin: true } as const

/** Signs out the session `id`; the request's own one too (its cookie cleared). */
export function revokeSessionOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  id: string,
): Promise<RevokeSessionsResult> {
  return revoke(event, prepared, (request) => revokeSession(request, prepared, id, CHECK_ORIGIN))
}

/** Signs out every session of the user but the request's. */
export function revokeOtherSessionsOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
): Promise<RevokeSessionsResult> {
  return revoke(event, prepared, (request) => revokeOtherSessions(request, prepared, CHECK_ORIGIN))
}

/** Signs out every session of the user, the request's too (its cookie cleared). */
export function revokeAllSessionsOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
): Promise<RevokeSessionsResult> {
  return revoke(event, prepared, (request) => revokeAllSessions(request, prepared, CHECK_ORIGIN))
}

/** The signed-in user's linked accounts. */
export function listAccountsOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
): Promise<AccountsResult> {
  return runOnEvent(event, prepared, listAccounts)
}

/** Unlinks the user's account with `provider` (the one with `providerAccountId` when given). */
export function unlinkAccountOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  provider: string,
  providerAccountId?: string,
): Promise<AccountsResult> {
  return runOnEvent(event, prepared, (request) =>
    unlinkAccount(request, prepared, provider, providerAccountId, CHECK_ORIGIN),
  )
}

/**
 * Runs a revocation; its cookies go on the event's response (and a later `auth()` of the same
 * request reads the session again), never into the result.
 */
async function revoke(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  call: Call<CoreRevokeSessionsResult>,
): Promise<RevokeSessionsResult> {
  return applyRevocation(await runOnEvent(event, prepared, call), (cookies) => {
    forgetSession(event)
    if (event.response) appendSessionCookies(event.response.headers, setCookieHeaders(cookies))
  })
}
