/**
 * The signed-in user's sessions and linked accounts from server code (a `load`, a form action,
 * an endpoint): core's `listSessions`, `revokeSession`, `revokeOtherSessions`,
 * `revokeAllSessions`, `listAccounts` and `unlinkAccount` on `event.request`, with the cookies
 * a revocation returns set through `event.cookies` (and seen by a later `locals.auth()`).
 */
import {
  type AccountsResult,
  type AppliedRevokeSessionsResult,
  applyRevocation,
  type RevokeSessionsResult as CoreRevokeSessionsResult,
  listAccounts,
  listSessions,
  type PreparedConfig,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionsResult,
  unlinkAccount,
} from "@auth/core/server"
import type { RequestEvent } from "@sveltejs/kit"
import { requireConfig } from "./actions.js"
import type { ConfigLookup } from "./config.js"
import { setActionCookies } from "./session.js"

/**
 * What a revocation gave: how many sessions it signed out, or why not (`SessionRequired`
 * signed out, `MissingCSRF` in a GET request, `InvalidRequest`). Its cookies are already set
 * through `event.cookies`, and left out here: a form action's result goes to the page.
 */
export type RevokeSessionsResult = AppliedRevokeSessionsResult

/**
 * The signed-in user's sessions and linked accounts, for the request `event`. They return data,
 * never throw (`{ error, status }` when refused: `SessionRequired` when nobody is signed in),
 * except SvelteKit's `500` when a config function throws. The lists work in any `load`; the
 * changes carry no CSRF token, so call them from form actions (SvelteKit checks their origin):
 * in a GET request they are refused with `MissingCSRF`.
 */
export interface ManagementHelpers {
  /**
   * The signed-in user's sessions (`{ id, current, createdAt, lastUsedAt, userAgent, ip }`),
   * this request's marked `current`.
   * @example
   * // src/routes/account/+page.server.ts
   * export const load = async (event) => ({ sessions: await listSessions(event) })
   */
  listSessions(event: RequestEvent): Promise<SessionsResult>
  /** Signs out the session `id` (as listed); this request's own one too (its cookie cleared). */
  revokeSession(event: RequestEvent, id: string): Promise<RevokeSessionsResult>
  /**
   * Signs out every session of the user but this request's (after a password change).
   * @example
   * export const actions = { signOutOthers: (event) => revokeOtherSessions(event) }
   */
  revokeOtherSessions(event: RequestEvent): Promise<RevokeSessionsResult>
  /** Signs out every session of the user, this request's too (its cookie cleared). */
  revokeAllSessions(event: RequestEvent): Promise<RevokeSessionsResult>
  /** The signed-in user's linked accounts (`{ provider, type, providerAccountId }`). */
  listAccounts(event: RequestEvent): Promise<AccountsResult>
  /**
   * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
   * given); returns the accounts left, or `LastSignInMethod` when it is their only way in.
   */
  unlinkAccount(
    event: RequestEvent,
    provider: string,
    providerAccountId?: string,
  ): Promise<AccountsResult>
}

type Call<T> = (request: Request, prepared: PreparedConfig) => Promise<T>

/** The helpers of {@link ManagementHelpers}, on the config `lookupConfig` finds per request. */
export function createManagementHelpers(lookupConfig: ConfigLookup): ManagementHelpers {
  const run = async <T>(event: RequestEvent, call: Call<T>): Promise<T> =>
    call(event.request, await requireConfig(event, lookupConfig))
  const revoke = async (event: RequestEvent, call: Call<CoreRevokeSessionsResult>) =>
    applyRevocation(await run(event, call), (cookies) => setActionCookies(event, cookies))
  return {
    listSessions: (event) => run(event, listSessions),
    revokeSession: (event, id) =>
      revoke(event, (request, prepared) => revokeSession(request, prepared, id)),
    revokeOtherSessions: (event) => revoke(event, revokeOtherSessions),
    revokeAllSessions: (event) => revoke(event, revokeAllSessions),
    listAccounts: (event) => run(event, listAccounts),
    unlinkAccount: (event, provider, providerAccountId) =>
      run(event, (request, prepared) =>
        unlinkAccount(request, prepared, provider, providerAccountId),
      ),
  }
}
