/**
 * The signed-in user's sessions and linked accounts from server code (a page, an endpoint, an
 * Astro action): core's `listSessions`, `revokeSession`, `revokeOtherSessions`,
 * `revokeAllSessions`, `listAccounts` and `unlinkAccount` on the request, with the cookies a
 * revocation returns set through Astro's `cookies`.
 */
import {
  type AccountsResult,
  type AppliedRevokeSessionsResult,
  applyRevocation,
  type RevokeSessionsResult as CoreRevokeSessionsResult,
  listAccounts as listAccountsOf,
  listSessions as listSessionsOf,
  type PreparedConfig,
  revokeAllSessions as revokeAllSessionsOf,
  revokeOtherSessions as revokeOtherSessionsOf,
  revokeSession as revokeSessionOf,
  type SessionsResult,
  unlinkAccount as unlinkAccountOf,
} from "@auth/core/server"
import type { Cookie } from "@auth/core/types"
import type { APIContext } from "astro"
import { prepare } from "./config.js"
import type { FullAuthConfig } from "./options.js"

/** What the helpers need of `Astro` (in a page) or of the `context` (endpoint, action). */
export type RequestContext = Pick<APIContext, "request">

/** What a revocation needs: the request, and Astro's `cookies` to set the session cookie. */
export type RevokeContext = Pick<APIContext, "request" | "cookies">

/**
 * What a revocation gave: how many sessions it signed out, or why not (`SessionRequired`
 * signed out, `MissingCSRF` in a GET request, `InvalidRequest`). Its cookies are already set
 * through `cookies`, and left out here: an action's result goes to the browser.
 */
export type RevokeSessionsResult = AppliedRevokeSessionsResult

/**
 * The signed-in user's sessions (`{ id, current, createdAt, lastUsedAt, userAgent, ip }`), this
 * request's marked `current`; `{ error: "SessionRequired", status: 401 }` when signed out.
 *
 * @param context `Astro` in a page, the `context` in an endpoint or action
 * @param config the auth config; by default the one of `auth.config` (`auth:config`)
 * @example
 * ---
 * import { listSessions } from "@auth/astro/server"
 * const result = await listSessions(Astro)
 * ---
 * {!result.error && result.sessions.map((session) => <li>{session.userAgent}</li>)}
 */
export function listSessions(
  context: RequestContext,
  config?: FullAuthConfig,
): Promise<SessionsResult> {
  return listSessionsOf(context.request, prepare(config))
}

/**
 * Signs out the session `id` (as listed); this request's own one too (its cookie cleared). Like
 * every change here it carries no CSRF token: call it from an Astro action or a form post that
 * Astro's `security.checkOrigin` covers; in a GET request it is refused with `MissingCSRF`.
 */
export function revokeSession(
  context: RevokeContext,
  id: string,
  config?: FullAuthConfig,
): Promise<RevokeSessionsResult> {
  return revoke(context, config, (request, prepared) => revokeSessionOf(request, prepared, id))
}

/**
 * Signs out every session of the user but this request's (after a password change).
 *
 * @example
 * // src/actions/index.ts
 * export const server = {
 *   signOutOthers: defineAction({ accept: "form", handler: (_, context) => revokeOtherSessions(context) }),
 * }
 */
export function revokeOtherSessions(
  context: RevokeContext,
  config?: FullAuthConfig,
): Promise<RevokeSessionsResult> {
  return revoke(context, config, revokeOtherSessionsOf)
}

/** Signs out every session of the user, this request's too (its cookie cleared). */
export function revokeAllSessions(
  context: RevokeContext,
  config?: FullAuthConfig,
): Promise<RevokeSessionsResult> {
  return revoke(context, config, revokeAllSessionsOf)
}

/** The signed-in user's linked accounts (`{ provider, type, providerAccountId }`). */
export function listAccounts(
  context: RequestContext,
  config?: FullAuthConfig,
): Promise<AccountsResult> {
  return listAccountsOf(context.request, prepare(config))
}

/**
 * Unlinks the user's account with `provider` (only the one with `providerAccountId` when
 * given); returns the accounts left, or `LastSignInMethod` when it is their only way in.
 */
export function unlinkAccount(
  context: RequestContext,
  provider: string,
  providerAccountId?: string,
  config?: FullAuthConfig,
): Promise<AccountsResult> {
  return unlinkAccountOf(context.request, prepare(config), provider, providerAccountId)
}

async function revoke(
  context: RevokeContext,
  config: FullAuthConfig | undefined,
  call: (request: Request, prepared: PreparedConfig) => Promise<CoreRevokeSessionsResult>,
): Promise<RevokeSessionsResult> {
  return applyRevocation(await call(context.request, prepare(config)), (cookies) => {
    for (const cookie of cookies) setCookie(context.cookies, cookie)
  })
}

/** Sets one of core's cookies through Astro's `cookies` (which percent-encodes, as core does). */
function setCookie(cookies: APIContext["cookies"], { name, value, options }: Cookie): void {
  const { priority: _priority, ...supported } = options
  cookies.set(name, value, supported)
}
