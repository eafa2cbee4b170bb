/**
 * Where a signed-in user's provider tokens live for `getAccessToken`, and how a failed refresh
 * marks the session:
 *
 * - JWT sessions with `session.storeTokens`: a subset of each provider's token set in the
 *   session token itself (the `providerTokens` claim), written at sign-in, re-sealed after a
 *   refresh; a failed refresh marks the provider's entry.
 * - Database sessions: the account rows hold the tokens; a failed refresh is noted in the session
 *   store per user and provider, until a refresh or a new sign-in with the provider succeeds.
 *
 * Either way, a marked session is read with `error: "RefreshAccessTokenError"`, as Auth.js's
 * refresh-token guide marks it by hand; an unmarked one has no new field.
 */

import type { JWT } from "../../types/jwt.js"
import type { Account } from "../../types/user.js"
import type { Session } from "../../types.js"
import type { AuthContext } from "../request/context.js"

/** The claim of the session token that holds the provider tokens. */
export const PROVIDER_TOKENS_CLAIM = "providerTokens"

/** The session's `error` after a failed refresh: the marker of Auth.js's guide. */
export const REFRESH_ERROR = "RefreshAccessTokenError"

/** The session store key prefix of database sessions' refresh failures (a map per user). */
const REFRESH_ERRORS_PREFIX = "access-token-error:"

/**
 * What a JWT session keeps of one provider's tokens (`session.storeTokens`): the members
 * `getAccessToken` needs, nothing else of the token response (no ID token).
 */
export interface StoredProviderTokens {
  provider: string
  providerAccountId: string
  access_token?: string
  /** Seconds since the epoch. */
  expires_at?: number
  refresh_token?: string
  scope?: string
  token_type?: string
  /** Set when the last refresh failed; the tokens are those from before it. */
  error?: typeof REFRESH_ERROR
}

/** The token members kept, by their types. */
const STRING_MEMBERS = ["access_token", "refresh_token", "scope", "token_type"] as const

/** The subset of an account's (or a refreshed token set's) tokens a JWT session keeps. */
export function storedTokensOf(
  account: { readonly provider: string; readonly providerAccountId: unknown } & Readonly<
    Record<string, unknown>
  >,
): StoredProviderTokens {
  const stored: StoredProviderTokens = {
    provider: account.provider,
    providerAccountId: String(account.providerAccountId),
  }
  for (const member of STRING_MEMBERS) {
    const value = account[member]
    if (typeof value === "string" && value !== "") stored[member] = value
  }
  const expiresAt = Number(account.expires_at)
  if (account.expires_at != null && Number.isFinite(expiresAt)) stored.expires_at = expiresAt
  return stored
}

/** The provider tokens a session token holds, by provider id (`{}` when none). */
export function providerTokensOf(token: JWT): Record<string, StoredProviderTokens> {
  const claim = token[PROVIDER_TOKENS_CLAIM]
  if (typeof claim !== "object" || claim === null || Array.isArray(claim)) return {}
  const entries: Record<string, StoredProviderTokens> = {}
  for (const [provider, entry] of Object.entries(claim)) {
    if (isStoredTokens(entry)) setEntry(entries, provider, entry)
  }
  return entries
}

/** A copy of `token` whose entry for `provider` is `entry`. */
export function withProviderTokens(token: JWT, provider: string, entry: StoredProviderTokens): JWT {
  const entries = providerTokensOf(token)
  setEntry(entries, provider, entry)
  return { ...token, [PROVIDER_TOKENS_CLAIM]: entries }
}

/**
 * The session token a sign-in starts with `session.storeTokens`: the `jwt` callback's token with
 * the sign-in's tokens for its provider, keeping the other providers' entries of the session it
 * replaces when that was the same user's (an account linked while signed in).
 */
export function withSignInTokens(
  token: JWT,
  account: Account,
  previous: JWT | null | undefined,
): JWT {
  const kept = previous && previous.sub !== undefined && previous.sub === token.sub
  const base = kept ? { ...token, [PROVIDER_TOKENS_CLAIM]: providerTokensOf(previous) } : token
  return withProviderTokens(base, account.provider, storedTokensOf(account))
}

/**
 * Keeps the provider tokens of the token as it came in when the `jwt` callback returned a new
 * object without them (the claim is core's, as `sid` is).
 */
export function keepProviderTokens(token: JWT, payload: JWT): void {
  if (token[PROVIDER_TOKENS_CLAIM] === undefined && payload[PROVIDER_TOKENS_CLAIM] !== undefined) {
    token[PROVIDER_TOKENS_CLAIM] = payload[PROVIDER_TOKENS_CLAIM]
  }
}

/** Whether a JWT session's last refresh of any provider's token failed. */
export function hasTokenRefreshError(token: JWT): boolean {
  return Object.values(providerTokensOf(token)).some((entry) => entry.error === REFRESH_ERROR)
}

/**
 * The session as the `session` callback returned it, marked with `error` when a refresh failed
 * (unless the callback set an `error` of its own). Unmarked, it is returned as it was.
 */
export function markSession(session: Session, failed: boolean): Session {
  if (!failed || typeof session !== "object" || session === null) return session
  const withError = session as Session & { error?: unknown }
  if (withError.error !== undefined) return session
  return { ...session, error: REFRESH_ERROR } as Session
}

/** The session store key of a user's refresh failures (database sessions). */
function refreshErrorsKey(userId: string): string {
  return `${REFRESH_ERRORS_PREFIX}${userId}`
}

/**
 * How long an instance answers a user's refresh marks from what it last read, in milliseconds:
 * a database session read then asks the store (a Redis round trip) at most once per user in
 * that time. A mark this instance notes or clears is seen at once; one another instance notes,
 * within that time. The mark only tells the app to ask the user to sign in again.
 */
const MARK_CACHE_MS = 10_000
/** Users whose marks one instance keeps, per store; the oldest go first. */
const MARK_CACHE_SIZE = 10_000

/** Per session store: user id → whether a mark was found, and until when that holds. */
const markCache = new WeakMap<object, Map<string, { failed: boolean; until: number }>>()

function marksOf(store: object): Map<string, { failed: boolean; until: number }> {
  let marks = markCache.get(store)
  if (!marks) {
    marks = new Map()
    markCache.set(store, marks)
  }
  return marks
}

function rememberMark(store: object, userId: string, failed: boolean): void {
  const marks = marksOf(store)
  marks.delete(userId)
  if (marks.size >= MARK_CACHE_SIZE) {
    const oldest = marks.keys().next()
    if (!oldest.done) marks.delete(oldest.value)
  }
  marks.set(userId, { failed, until: Date.now() + MARK_CACHE_MS })
}

/** Notes a failed refresh of `provider`'s token for a database session's user. */
export async function noteRefreshError(
  context: AuthContext,
  userId: string,
  provider: string,
): Promise<void> {
  const { store, maxAge } = context.config.session
  if (!store) return
  await store.setField(refreshErrorsKey(userId), provider, REFRESH_ERROR, maxAge)
  rememberMark(store, userId, true)
}

/** Forgets a database session user's failed refresh of `provider`'s token. */
export async function clearRefreshError(
  context: AuthContext,
  userId: string,
  provider: string,
): Promise<void> {
  const { store } = context.config.session
  if (!store) return
  // Another provider's mark may remain: the next read asks the store.
  marksOf(store).delete(userId)
  await store.deleteFields(refreshErrorsKey(userId), [provider])
}

/**
 * Whether a database session's user has a failed refresh noted: asked of the store at most once
 * per user every {@link MARK_CACHE_MS} by this instance. A store that cannot answer counts as
 * none (logged at debug level): the mark must not take the session read down.
 */
export async function hasNotedRefreshError(context: AuthContext, userId: string): Promise<boolean> {
  const { store } = context.config.session
  // Only OAuth and OIDC accounts have tokens to refresh: an app without such a provider never
  // pays for the look.
  if (!store || !context.config.providers.some(isOAuthProvider)) return false
  const known = marksOf(store).get(userId)
  if (known && known.until > Date.now()) return known.failed
  try {
    const failed = Object.keys(await store.getFields(refreshErrorsKey(userId))).length > 0
    rememberMark(store, userId, failed)
    return failed
  } catch (error) {
    context.config.logger.debug("REFRESH_ERROR_MARK_UNREAD", {
      reason: error instanceof Error ? error.message : String(error),
    })
    return false
  }
}

/** The token fields of an account a new sign-in replaces in the stored row. */
const SIGN_IN_TOKEN_FIELDS = [
  "access_token",
  "refresh_token",
  "id_token",
  "scope",
  "token_type",
  "session_state",
] as const

/**
 * Stores the tokens of a sign-in with an OAuth account that was already linked, when the adapter
 * can (`updateAccount`; Auth.js kept the first sign-in's tokens for good): the new access token
 * and its expiry, and the other token fields the provider sent (a refresh token it did not send
 * again stays). Forgets a failed refresh of the provider's token noted for the user. A failure is
 * logged by the adapter and does not stop the sign-in.
 */
export async function storeSignInTokens(
  context: AuthContext,
  account: Account,
  userId: string,
): Promise<void> {
  const { adapter } = context.config
  if (!adapter?.updateAccount || (account.type !== "oauth" && account.type !== "oidc")) return
  if (typeof account.access_token !== "string") return
  const patch: Record<string, unknown> = { expires_at: account.expires_at ?? null }
  for (const field of SIGN_IN_TOKEN_FIELDS) {
    if (account[field] !== undefined) patch[field] = account[field]
  }
  try {
    await adapter.updateAccount({
      ...patch,
      provider: account.provider,
      providerAccountId: account.providerAccountId,
    })
    await clearRefreshError(context, userId, account.provider)
  } catch {
    // Logged by the adapter wrapper (or a store that cannot be reached): the sign-in goes on
    // with the tokens stored before.
  }
}

function isStoredTokens(entry: unknown): entry is StoredProviderTokens {
  if (typeof entry !== "object" || entry === null) return false
  const { provider, providerAccountId } = entry as Record<string, unknown>
  return typeof provider === "string" && typeof providerAccountId === "string"
}

/** Sets an entry by provider id, as an own property whatever the id (`__proto__` too). */
function setEntry(
  entries: Record<string, StoredProviderTokens>,
  provider: string,
  entry: StoredProviderTokens,
): void {
  Object.defineProperty(entries, provider, {
    value: entry,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

function isOAuthProvider(provider: { readonly type: string }): boolean {
  return provider.type === "oauth" || provider.type === "oidc"
}
