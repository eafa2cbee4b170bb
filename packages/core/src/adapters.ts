/**
 * The database adapter contract: record types and the methods an adapter implements.
 * Names and signatures match Auth.js, so existing Auth.js adapters plug in unchanged.
 *
 * @module adapters
 */
import type { Awaitable } from "./types/common.js"
import type { Account, Authenticator, User } from "./types/user.js"

export {
  DATABASE_UNAVAILABLE_CODE,
  DatabaseUnavailableError,
  type DatabaseUnavailableErrorOptions,
} from "./internal/database-unavailable.js"
export { type TimeLimitOptions, withTimeLimit } from "./internal/time-limit.js"

/** A user as stored by an adapter. `emailVerified` is set when an e-mail sign-in succeeds. */
export interface AdapterUser extends User {
  id: string
  email: string
  emailVerified: Date | null
}

/** The provider kinds whose accounts are stored by an adapter. */
export type AdapterAccountType = "oauth" | "oidc" | "email" | "webauthn"

/** An account (a user's link to one provider) as stored by an adapter. */
export interface AdapterAccount extends Account {
  userId: string
  type: AdapterAccountType
}

/**
 * A database session. The session cookie holds only `sessionToken`.
 *
 * `createdAt`, `lastUsedAt`, `userAgent` and `ip` are additions beyond Auth.js, for session
 * management (a user's list of signed-in devices). Core passes them to `createSession` (and
 * `lastUsedAt` to `updateSession`) only when the adapter has `listSessions`, so adapters
 * written for Auth.js, which may reject unknown fields, keep working.
 */
export interface AdapterSession {
  sessionToken: string
  userId: string
  expires: Date
  /** When the session started. `null` when not known (a row stored before it was kept). */
  createdAt?: Date | null
  /** When the session was last extended (at most once per `session.updateAge`). */
  lastUsedAt?: Date | null
  /** The `User-Agent` of the browser that signed in, cut to 512 characters. */
  userAgent?: string | null
  /** The client's address at sign-in, as the trusted-proxy rule gives it. */
  ip?: string | null
}

/** A one-time e-mail verification token. `token` is stored hashed, never in clear. */
export interface VerificationToken {
  identifier: string
  expires: Date
  token: string
}

/**
 * A WebAuthn authenticator as stored by an adapter.
 *
 * `createdAt` and `lastUsedAt` are additions beyond Auth.js, for passkey management (a list of
 * a user's passkeys with when each was added and last used). They are kept here rather than on
 * {@link Authenticator}, Auth.js's WebAuthn type, which stays as Auth.js has it. Core never
 * passes them to `createAuthenticator`, so adapters written for Auth.js (which may reject unknown
 * fields) keep working: an adapter that keeps them sets them itself. An adapter that does not
 * keep them leaves them out.
 */
export interface AdapterAuthenticator extends Authenticator {
  userId: string
  /**
   * When the authenticator was stored, set by the adapter in `createAuthenticator` (a value
   * passed in is ignored). `null` when not known: a row stored before the adapter kept it.
   */
  createdAt?: Date | null
  /**
   * When the authenticator was last used, set by the adapter in `updateAuthenticatorCounter`,
   * which is called after each successful passkey sign-in. `null` until then.
   */
  lastUsedAt?: Date | null
}

/**
 * The adapter interface. Every method is optional in the type; which ones a feature needs is
 * checked once when the config is resolved (e-mail sign-in, database sessions, WebAuthn).
 *
 * A lookup that finds nothing returns `null`. A method whose database cannot be reached throws
 * a {@link DatabaseUnavailableError}, which core answers with `503`; any other error is a
 * failure of the adapter (logged as an `AdapterError`).
 *
 * @see https://authjs.dev/reference/core/adapters Auth.js's adapter reference
 */
export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>
  getUser?(id: string): Awaitable<AdapterUser | null>
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>
  /** Not called by core; for apps and admin tools. Deleting a user deletes its sessions and accounts. */
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>
  linkAccount?(
    account: AdapterAccount,
  ): Promise<void> | Awaitable<AdapterAccount | null | undefined>
  /**
   * An addition beyond Auth.js: creates a user and links its first account at once, both or
   * neither (one statement, one transaction). A first OAuth sign-in uses it when the adapter has
   * it; otherwise `createUser` then `linkAccount`, and a failure between the two (the database
   * going away) leaves a user without the account, whom every later sign-in with that provider
   * then meets as `OAuthAccountNotLinked`.
   */
  createUserAndAccount?(
    user: AdapterUser,
    account: Omit<AdapterAccount, "userId">,
  ): Awaitable<AdapterUser>
  /** Called by `POST <basePath>/accounts/unlink` and passkey removal. */
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>
  createSession?(session: AdapterSession): Awaitable<AdapterSession>
  getSessionAndUser?(
    sessionToken: string,
  ): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>
  /**
   * An addition beyond Auth.js: every session of a user (expired ones may be included; core
   * leaves them out). Session management (`GET /sessions`) needs it; with it, core also passes
   * `createdAt`, `lastUsedAt`, `userAgent` and `ip` to `createSession` and `updateSession`.
   */
  listSessions?(userId: string): Awaitable<AdapterSession[]>
  /**
   * An addition beyond Auth.js: deletes every session of a user but the one whose token is
   * `options.except`, and returns the deleted ones. "Sign out everywhere (else)".
   */
  deleteSessions?(userId: string, options?: { except?: string }): Awaitable<AdapterSession[]>
  createVerificationToken?(
    verificationToken: VerificationToken,
  ): Awaitable<VerificationToken | null | undefined>
  /** Returns the token and deletes it, atomically: a token is usable exactly once. */
  useVerificationToken?(params: {
    identifier: string
    token: string
  }): Awaitable<VerificationToken | null>
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>
  /**
   * An addition beyond Auth.js: every account of a user. Account management (`GET /accounts`)
   * lists them, and passkey removal and account unlinking use it to tell whether a user can
   * still sign in another way.
   */
  listAccounts?(userId: string): Awaitable<AdapterAccount[]>
  /**
   * An addition beyond Auth.js: writes an account's tokens, found by `provider` and
   * `providerAccountId`, and returns the account as stored, or `null` when there is none. A field
   * left `undefined` is left as stored, `null` clears it; only the token fields are written
   * (`access_token`, `refresh_token`, `expires_at`, `id_token`, `scope`, `token_type`,
   * `session_state`), never the account's user, type or keys. `getAccessToken` writes a refreshed
   * token set with it (a provider that sends no new refresh token leaves the stored one), and a
   * new sign-in with an account already linked stores the sign-in's tokens.
   */
  updateAccount?(
    account: Partial<AdapterAccount> & Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterAccount | null>
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>
  /**
   * Sets the counter and, when the adapter keeps it, `lastUsedAt` to now; rejects an unknown
   * credential.
   */
  updateAuthenticatorCounter?(
    credentialID: string,
    newCounter: number,
  ): Awaitable<AdapterAuthenticator>
  /**
   * Deletes one authenticator and returns it, or `null` when there was none. An addition beyond
   * Auth.js, used by passkey management to remove a passkey; adapters written for Auth.js lack
   * it. It is not scoped to a user: check the authenticator's `userId` before calling it.
   */
  deleteAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>
  /**
   * An addition beyond Auth.js: resolves once the database answers a trivial query (`SELECT 1`),
   * rejects (or never settles) when it does not. `GET <basePath>/health` calls it, bounded by a
   * short timeout, to tell a load balancer whether this instance can serve; an adapter without
   * it is not checked.
   */
  ping?(): Promise<void>
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/

/**
 * Tells whether a value is an ISO-8601 date string, as adapters that store dates as text use it
 * to revive them.
 *
 * @example
 * isDate("2026-11-21T10:00:00.000Z") // true
 */
export function isDate(value: unknown): value is string {
  return typeof value === "string" && ISO_8601.test(value) && !Number.isNaN(Date.parse(value))
}
