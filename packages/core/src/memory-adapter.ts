/**
 * An in-memory implementation of the whole adapter contract, for tests, development and
 * benchmarks. Data lives in the adapter instance and is lost when the process ends.
 *
 * It behaves like a database would: ids are generated, e-mail addresses and
 * `(provider, providerAccountId)` pairs are unique, records point at existing users, deleting a
 * user deletes its sessions, accounts and authenticators, and every returned object is a copy.
 * Authenticators carry the timestamps of the contract's additions (`createdAt`, `lastUsedAt`), and
 * sessions the fields of session management (`createdAt`, `lastUsedAt`, `userAgent`, `ip`).
 *
 * @module memory-adapter
 */
import type {
  Adapter,
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "./adapters.js"

/** The tables of one adapter instance, keyed like their primary keys or unique constraints. */
interface MemoryStore {
  users: Map<string, AdapterUser>
  /** e-mail → user id: the unique index on `users.email`. */
  userIdsByEmail: Map<string, string>
  /** `[provider, providerAccountId]` → account. */
  accounts: Map<string, AdapterAccount>
  sessions: Map<string, AdapterSession>
  /** `[identifier, token]` → verification token. */
  verificationTokens: Map<string, VerificationToken>
  /** credentialID → authenticator. */
  authenticators: Map<string, AdapterAuthenticator>
}

/** Options of {@link MemoryAdapter}. */
export interface MemoryAdapterOptions {
  /**
   * The clock of the authenticators' `createdAt` and `lastUsedAt`, and of a session's
   * `createdAt` when `createSession` is given none; tests pass a fixed one.
   * @default () => new Date()
   */
  now?: () => Date
}

/**
 * Creates an adapter that keeps users, accounts, sessions, verification tokens and
 * authenticators in memory. Each call returns an independent, empty store. It has every method
 * of the contract, including the additions beyond Auth.js (`deleteAuthenticator`,
 * `listAccounts`, `updateAccount`, `listSessions`, `deleteSessions`).
 *
 * Constraint violations (a second user with the same e-mail, a second account for the same
 * `(provider, providerAccountId)`, a record pointing at an unknown user) reject with an `Error`,
 * as a database would.
 *
 * @example
 * import { Auth } from "@auth/core"
 * import { MemoryAdapter } from "@auth/core/memory-adapter"
 *
 * const response = await Auth(request, { adapter: MemoryAdapter(), providers, secret })
 */
export function MemoryAdapter(options: MemoryAdapterOptions = {}): Adapter {
  const now = options.now ?? (() => new Date())
  const store: MemoryStore = {
    users: new Map(),
    userIdsByEmail: new Map(),
    accounts: new Map(),
    sessions: new Map(),
    verificationTokens: new Map(),
    authenticators: new Map(),
  }

  return {
    async createUser(user) {
      // Auth.js passes a random id; like the SQL adapters we let the store assign its own.
      const created: AdapterUser = { ...copy(user), id: crypto.randomUUID() }
      assertEmailFree(store, created.email, created.id)
      store.users.set(created.id, created)
      indexEmail(store, created)
      return copy(created)
    },

    async getUser(id) {
      return copyOrNull(store.users.get(id))
    },

    async getUserByEmail(email) {
      const id = store.userIdsByEmail.get(email)
      return id === undefined ? null : copyOrNull(store.users.get(id))
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const account = store.accounts.get(accountKey(provider, providerAccountId))
      return account === undefined ? null : copyOrNull(store.users.get(account.userId))
    },

    async updateUser(patch) {
      const current = store.users.get(patch.id)
      if (current === undefined) {
        throw new Error(`updateUser: no user with id "${patch.id}". Create the user first.`)
      }
      const updated: AdapterUser = { ...current, ...definedFields(copy(patch)), id: current.id }
      if (updated.email !== current.email) {
        assertEmailFree(store, updated.email, updated.id)
        store.userIdsByEmail.delete(current.email)
        indexEmail(store, updated)
      }
      store.users.set(updated.id, updated)
      return copy(updated)
    },

    async deleteUser(userId) {
      const user = store.users.get(userId)
      if (user === undefined) return null
      store.users.delete(userId)
      store.userIdsByEmail.delete(user.email)
      deleteWhere(store.sessions, (session) => session.userId === userId)
      deleteWhere(store.accounts, (account) => account.userId === userId)
      deleteWhere(store.authenticators, (authenticator) => authenticator.userId === userId)
      return user
    },

    async linkAccount(account) {
      assertUserExists(store, account.userId, "linkAccount")
      const key = accountKey(account.provider, account.providerAccountId)
      if (store.accounts.has(key)) {
        throw new Error(
          `linkAccount: an account for provider "${account.provider}" with providerAccountId ` +
            `"${account.providerAccountId}" already exists. Unlink it first.`,
        )
      }
      const stored = copy(account)
      store.accounts.set(key, stored)
      return copy(stored)
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const key = accountKey(provider, providerAccountId)
      const account = store.accounts.get(key)
      store.accounts.delete(key)
      return account
    },

    async getAccount(providerAccountId, provider) {
      return copyOrNull(store.accounts.get(accountKey(provider, providerAccountId)))
    },

    async listAccounts(userId) {
      const found: AdapterAccount[] = []
      for (const account of store.accounts.values()) {
        if (account.userId === userId) found.push(copy(account))
      }
      return found
    },

    async updateAccount(patch) {
      const key = accountKey(patch.provider, patch.providerAccountId)
      const current = store.accounts.get(key)
      if (current === undefined) return null
      const tokens = Object.fromEntries(
        ACCOUNT_TOKEN_FIELDS.filter((field) => patch[field] !== undefined).map((field) => [
          field,
          patch[field],
        ]),
      )
      const updated: AdapterAccount = { ...current, ...copy(tokens) }
      // `null` clears a field: the stored record leaves it out, as `linkAccount` without it would.
      for (const field of ACCOUNT_TOKEN_FIELDS) if (updated[field] === null) delete updated[field]
      store.accounts.set(key, updated)
      return copy(updated)
    },

    async createSession(session) {
      assertUserExists(store, session.userId, "createSession")
      if (store.sessions.has(session.sessionToken)) {
        throw new Error("createSession: a session with this sessionToken already exists.")
      }
      const stored = withSessionFields(copy(session), now)
      store.sessions.set(stored.sessionToken, stored)
      return copy(stored)
    },

    async getSessionAndUser(sessionToken) {
      const session = store.sessions.get(sessionToken)
      const user = session === undefined ? undefined : store.users.get(session.userId)
      if (session === undefined || user === undefined) return null
      return { session: copy(session), user: copy(user) }
    },

    async updateSession(patch) {
      const current = store.sessions.get(patch.sessionToken)
      if (current === undefined) return null
      const updated: AdapterSession = { ...current, ...definedFields(copy(patch)) }
      if (updated.userId !== current.userId) {
        assertUserExists(store, updated.userId, "updateSession")
      }
      store.sessions.set(updated.sessionToken, updated)
      return copy(updated)
    },

    async deleteSession(sessionToken) {
      const session = store.sessions.get(sessionToken)
      store.sessions.delete(sessionToken)
      return session ?? null
    },

    async listSessions(userId) {
      const found: AdapterSession[] = []
      for (const session of store.sessions.values()) {
        if (session.userId === userId) found.push(copy(session))
      }
      return found
    },

    async deleteSessions(userId, { except } = {}) {
      // Select and delete with no `await` in between: concurrent calls never return one twice.
      const deleted = deleteWhere(
        store.sessions,
        (session) => session.userId === userId && session.sessionToken !== except,
      )
      return deleted.map(copy)
    },

    async createVerificationToken(verificationToken) {
      const key = tokenKey(verificationToken.identifier, verificationToken.token)
      if (store.verificationTokens.has(key)) {
        throw new Error("createVerificationToken: this identifier and token are already stored.")
      }
      const stored = copy(verificationToken)
      store.verificationTokens.set(key, stored)
      return copy(stored)
    },

    async useVerificationToken({ identifier, token }) {
      // Read and delete with no `await` in between: a token is consumed exactly once.
      const key = tokenKey(identifier, token)
      const stored = store.verificationTokens.get(key)
      store.verificationTokens.delete(key)
      return stored ?? null
    },

    async getAuthenticator(credentialID) {
      return copyOrNull(store.authenticators.get(credentialID))
    },

    async createAuthenticator(authenticator) {
      assertUserExists(store, authenticator.userId, "createAuthenticator")
      if (store.authenticators.has(authenticator.credentialID)) {
        throw new Error("createAuthenticator: an authenticator with this credentialID exists.")
      }
      // The timestamps are the adapter's own: any given are replaced.
      const stored: AdapterAuthenticator = {
        ...copy(authenticator),
        createdAt: now(),
        lastUsedAt: null,
      }
      store.authenticators.set(stored.credentialID, stored)
      return copy(stored)
    },

    async listAuthenticatorsByUserId(userId) {
      const found: AdapterAuthenticator[] = []
      for (const authenticator of store.authenticators.values()) {
        if (authenticator.userId === userId) found.push(copy(authenticator))
      }
      return found
    },

    async updateAuthenticatorCounter(credentialID, newCounter) {
      const current = store.authenticators.get(credentialID)
      if (current === undefined) {
        throw new Error(`updateAuthenticatorCounter: no authenticator "${credentialID}".`)
      }
      const updated: AdapterAuthenticator = { ...current, counter: newCounter, lastUsedAt: now() }
      store.authenticators.set(credentialID, updated)
      return copy(updated)
    },

    async deleteAuthenticator(credentialID) {
      const authenticator = store.authenticators.get(credentialID)
      store.authenticators.delete(credentialID)
      return authenticator ?? null
    },
  }
}

/** The fields of an account `updateAccount` writes: its tokens, never its user, type or keys. */
const ACCOUNT_TOKEN_FIELDS = [
  "access_token",
  "refresh_token",
  "expires_at",
  "id_token",
  "scope",
  "token_type",
  "session_state",
] as const

/** A collision-free composite key: `JSON.stringify` escapes any separator inside the parts. */
function compositeKey(...parts: string[]): string {
  return JSON.stringify(parts)
}

function accountKey(provider: string, providerAccountId: string): string {
  return compositeKey(provider, providerAccountId)
}

function tokenKey(identifier: string, token: string): string {
  return compositeKey(identifier, token)
}

/** A deep copy (dates stay `Date`s), so neither callers nor the store see the other's edits. */
function copy<T>(value: T): T {
  return structuredClone(value)
}

function copyOrNull<T>(value: T | undefined): T | null {
  return value === undefined ? null : copy(value)
}

/** Drops keys whose value is `undefined`: in a partial update they mean "leave unchanged". */
function definedFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>
}

/** Deletes the rows that match and returns them. */
function deleteWhere<V>(table: Map<string, V>, matches: (row: V) => boolean): V[] {
  const deleted: V[] = []
  for (const [key, row] of table) {
    if (!matches(row)) continue
    table.delete(key)
    deleted.push(row)
  }
  return deleted
}

/**
 * The session with the fields of session management set as the store keeps them: those given,
 * `createdAt` from the clock when absent, and `null` for the others when absent.
 */
function withSessionFields(session: AdapterSession, now: () => Date): AdapterSession {
  return {
    ...session,
    createdAt: session.createdAt ?? now(),
    lastUsedAt: session.lastUsedAt ?? null,
    userAgent: session.userAgent ?? null,
    ip: session.ip ?? null,
  }
}

/** Users without an e-mail (possible in Auth.js data) are not indexed, as SQL treats NULLs. */
function indexEmail(store: MemoryStore, user: AdapterUser): void {
  if (typeof user.email === "string") store.userIdsByEmail.set(user.email, user.id)
}

function assertEmailFree(store: MemoryStore, email: string | null, userId: string): void {
  if (typeof email !== "string") return
  const owner = store.userIdsByEmail.get(email)
  if (owner !== undefined && owner !== userId) {
    throw new Error(`A user with the e-mail "${email}" already exists. E-mails are unique.`)
  }
}

function assertUserExists(store: MemoryStore, userId: string, method: string): void {
  if (!store.users.has(userId)) {
    throw new Error(`${method}: no user with id "${userId}". Create the user first.`)
  }
}
