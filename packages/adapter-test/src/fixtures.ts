import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@auth/core/adapters"

/**
 * An adapter with every method of the contract present; the additions beyond Auth.js
 * ({@link EXTENSION_METHODS}) may be missing.
 */
export type CompleteAdapter = Required<Pick<Adapter, ContractMethod>> & Adapter

/** What each group of contract tests receives: the adapter under test, once it is created. */
export interface ContractContext {
  adapter(): CompleteAdapter
}

/** The methods every adapter must implement to pass the contract. */
export const CONTRACT_METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "deleteUser",
  "linkAccount",
  "unlinkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "createVerificationToken",
  "useVerificationToken",
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
] as const satisfies readonly (keyof Adapter)[]

/** A method every adapter must implement to pass the contract. */
export type ContractMethod = (typeof CONTRACT_METHODS)[number]

/**
 * The methods beyond Auth.js's contract that the suite checks when an adapter has them, and
 * does not require: an adapter written for Auth.js passes without them.
 */
export const EXTENSION_METHODS = [
  "createUserAndAccount",
  "deleteAuthenticator",
  "listAccounts",
  "updateAccount",
  "listSessions",
  "deleteSessions",
] as const satisfies readonly Exclude<keyof Adapter, ContractMethod>[]

const ONE_HOUR_MS = 60 * 60 * 1000

/**
 * A date `offsetMs` from now, rounded to whole seconds so that stores with second precision
 * round-trip it exactly.
 */
export function dateFromNow(offsetMs: number): Date {
  return new Date(Math.floor((Date.now() + offsetMs) / 1000) * 1000)
}

/** A unique string, so tests never collide with each other's rows in a shared database. */
export function unique(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`
}

/** A user as core passes it to `createUser`: with a random id the adapter may replace. */
export function newUser(overrides: Partial<AdapterUser> = {}): AdapterUser {
  return {
    id: crypto.randomUUID(),
    email: `${unique("user")}@example.com`,
    emailVerified: null,
    name: "Ada Lovelace",
    image: "https://example.com/ada.png",
    ...overrides,
  }
}

/** An OAuth account with every token field Auth.js stores. */
export function newOAuthAccount(
  userId: string,
  overrides: Partial<AdapterAccount> = {},
): AdapterAccount {
  return {
    userId,
    type: "oauth",
    provider: "github",
    providerAccountId: unique("gh"),
    access_token: unique("access"),
    refresh_token: unique("refresh"),
    id_token: "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.",
    token_type: "bearer",
    scope: "openid profile email",
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    session_state: unique("state"),
    ...overrides,
  }
}

/** An account as the e-mail provider creates it: no token fields at all. */
export function newEmailAccount(userId: string, email: string): AdapterAccount {
  return { userId, type: "email", provider: "email", providerAccountId: email }
}

export function newSession(
  userId: string,
  overrides: Partial<AdapterSession> = {},
): AdapterSession {
  return {
    sessionToken: unique("session"),
    userId,
    expires: dateFromNow(ONE_HOUR_MS),
    ...overrides,
  }
}

export function newVerificationToken(
  overrides: Partial<VerificationToken> = {},
): VerificationToken {
  return {
    identifier: `${unique("verify")}@example.com`,
    token: unique("hashed-token"),
    expires: dateFromNow(ONE_HOUR_MS),
    ...overrides,
  }
}

export function newAuthenticator(
  userId: string,
  providerAccountId: string,
  overrides: Partial<AdapterAuthenticator> = {},
): AdapterAuthenticator {
  return {
    userId,
    providerAccountId,
    credentialID: unique("credential"),
    credentialPublicKey: "pQECAyYgASFYIBn3Lp2Rj5Dq2bE4",
    counter: 0,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    transports: "internal,hybrid",
    ...overrides,
  }
}

/**
 * The authenticator without the timestamps an adapter may add (`createdAt`, `lastUsedAt`), to
 * compare it with what was passed to `createAuthenticator`.
 */
export function withoutTimestamps(
  authenticator: AdapterAuthenticator | null | undefined,
): AdapterAuthenticator | null | undefined {
  if (authenticator == null) return authenticator
  const { createdAt: _createdAt, lastUsedAt: _lastUsedAt, ...rest } = authenticator
  return rest
}

/**
 * The session without the fields of session management an adapter may add (`createdAt`,
 * `lastUsedAt`, `userAgent`, `ip`), to compare it with what was passed to `createSession`.
 */
export function withoutSessionManagement(
  session: AdapterSession | null | undefined,
): AdapterSession | null | undefined {
  if (session == null) return session
  const {
    createdAt: _createdAt,
    lastUsedAt: _lastUsedAt,
    userAgent: _userAgent,
    ip: _ip,
    ...rest
  } = session
  return rest
}

/** Creates a user with an e-mail account and returns both, as a finished sign-in leaves them. */
export async function createUserWithAccount(
  adapter: CompleteAdapter,
  account: (userId: string) => AdapterAccount = (userId) => newOAuthAccount(userId),
): Promise<{ user: AdapterUser; account: AdapterAccount }> {
  const user = await adapter.createUser(newUser())
  const linked = account(user.id)
  await adapter.linkAccount(linked)
  return { user, account: linked }
}

/** Creates a user with a WebAuthn account, ready for authenticators. */
export async function createWebAuthnUser(
  adapter: CompleteAdapter,
): Promise<{ user: AdapterUser; account: AdapterAccount }> {
  return createUserWithAccount(adapter, (userId) => ({
    userId,
    type: "webauthn",
    provider: "passkey",
    providerAccountId: unique("passkey"),
  }))
}
