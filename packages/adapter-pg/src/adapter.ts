import type { Adapter, AdapterAccount } from "@auth/core/adapters"
import { authenticatorMethods } from "./authenticators.js"
import { handlePoolErrors, isErrorEventSource, type PoolErrorLogger } from "./pool-errors.js"
import type { Queryable } from "./queryable.js"
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_INSERT_COLUMNS,
  toAccount,
  toUser,
  toVerificationToken,
  USER_COLUMNS,
  VERIFICATION_TOKEN_COLUMNS,
} from "./rows.js"
import { createRunner } from "./run-query.js"
import { tableNames } from "./schema-tables.js"
import { sessionMethods } from "./sessions.js"
import { prefixed, setClause } from "./sql.js"

/** Options of {@link PostgresAdapter}. */
export interface PostgresAdapterOptions {
  /**
   * The schema holding the tables; a plain identifier (letters, digits, underscores).
   * @default the first schema of the connection's `search_path` that has them (`public` unless
   *   changed), as with Auth.js's adapter
   */
  schema?: string
  /**
   * Where the failures of idle pool connections are reported (see {@link handlePoolErrors}).
   * @default console
   */
  logger?: PoolErrorLogger
}

/** The user columns `updateUser` may change, by field name. */
const USER_UPDATE_COLUMNS = {
  name: "name",
  email: "email",
  emailVerified: `"emailVerified"`,
  image: "image",
} as const

/** The account columns `updateAccount` may change, by field name: the tokens only. */
const ACCOUNT_UPDATE_COLUMNS = {
  access_token: "access_token",
  refresh_token: "refresh_token",
  expires_at: "expires_at",
  id_token: "id_token",
  scope: "scope",
  token_type: "token_type",
  session_state: "session_state",
} as const

/**
 * Creates an adapter that stores users, accounts, sessions, verification tokens and WebAuthn
 * authenticators in PostgreSQL. Create the tables first with `applySchema` or the SQL of
 * `schemaSql`, or use the tables of Auth.js's `@auth/pg-adapter` as they are (integer ids work:
 * an id that cannot be one of them finds nobody).
 *
 * Besides Auth.js's methods it has `listAccounts`, `updateAccount` (which `getAccessToken` of
 * `@auth/core/server` writes refreshed tokens with) and `deleteAuthenticator`, and authenticators
 * carry `createdAt` and `lastUsedAt` (set by the adapter; `null` on a table made before those
 * columns until `applySchema` adds them), which passkey management uses. For session management
 * it has `listSessions` and `deleteSessions`, and sessions carry `createdAt`, `lastUsedAt`,
 * `userAgent` and `ip` as core gives them (`null` on Auth.js's sessions table until
 * `applySchema` adds the columns; until then they are not stored).
 *
 * Ids come back as the database types them, as Auth.js's adapter returned them: text UUIDs in
 * our schema, numbers for Auth.js's `SERIAL` ids (`{ id: 1 }`). Sessions and accounts carry
 * their row's `id` too.
 *
 * A client that emits `error` events (a `pg.Pool`) gets {@link handlePoolErrors}, so a
 * PostgreSQL restart does not end the process. When the database cannot be reached, methods
 * throw a `DatabaseUnavailableError`, which `@auth/core` answers with `503`.
 *
 * @throws {TypeError} When `options.schema` is not a plain identifier.
 * @example
 * import pg from "pg"
 * import PostgresAdapter from "@auth/pg-adapter"
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * const config = { adapter: PostgresAdapter(pool), providers: [], secret: process.env.AUTH_SECRET }
 */
export function PostgresAdapter(client: Queryable, options: PostgresAdapterOptions = {}): Adapter {
  const t = tableNames(options.schema)
  if (isErrorEventSource(client)) handlePoolErrors(client, options.logger)
  const run = createRunner(client)
  const first = async (text: string, params: unknown[]): Promise<unknown> =>
    (await run(text, params))[0]
  /** `first` for a statement that looks rows up by a user id only. */
  const firstByUserId = async (text: string, params: unknown[]): Promise<unknown> =>
    (await run(text, params, { byUserId: true }))[0]

  return {
    async createUser({ name, email, emailVerified, image }) {
      // Auth.js passes a random id; the database generates its own, like Auth.js's adapter, and
      // it is returned as the database types it (a number for Auth.js's SERIAL ids).
      const row = await first(
        `INSERT INTO ${t.users} (name, email, "emailVerified", image)
         VALUES ($1, $2, $3, $4) RETURNING ${USER_COLUMNS}`,
        [name ?? null, email, emailVerified ?? null, image ?? null],
      )
      return toUser(row)
    },

    async getUser(id) {
      const row = await firstByUserId(`SELECT ${USER_COLUMNS} FROM ${t.users} WHERE id = $1`, [id])
      return row === undefined ? null : toUser(row)
    },

    async getUserByEmail(email) {
      const row = await first(`SELECT ${USER_COLUMNS} FROM ${t.users} WHERE email = $1`, [email])
      return row === undefined ? null : toUser(row)
    },

    async getUserByAccount({ provider, providerAccountId }) {
      const row = await first(
        `SELECT ${prefixed("u", USER_COLUMNS)} FROM ${t.users} u
         JOIN ${t.accounts} a ON a."userId" = u.id
         WHERE a.provider = $1 AND a."providerAccountId" = $2`,
        [provider, providerAccountId],
      )
      return row === undefined ? null : toUser(row)
    },

    async updateUser(user) {
      const { assignments, params } = setClause(USER_UPDATE_COLUMNS, user, [user.id])
      const row =
        assignments === ""
          ? await firstByUserId(`SELECT ${USER_COLUMNS} FROM ${t.users} WHERE id = $1`, params)
          : await firstByUserId(
              `UPDATE ${t.users} SET ${assignments} WHERE id = $1 RETURNING ${USER_COLUMNS}`,
              params,
            )
      if (row === undefined) {
        throw new Error(`updateUser: no user with id "${user.id}". Create the user first.`)
      }
      return toUser(row)
    },

    async deleteUser(userId) {
      // Sessions and accounts are deleted here too: Auth.js's tables have no foreign keys.
      // Authenticators go by ON DELETE CASCADE (applySchema always creates that table).
      const row = await firstByUserId(
        `WITH deleted_sessions AS (DELETE FROM ${t.sessions} WHERE "userId" = $1),
         deleted_accounts AS (DELETE FROM ${t.accounts} WHERE "userId" = $1)
         DELETE FROM ${t.users} WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [userId],
      )
      return row === undefined ? null : toUser(row)
    },

    async linkAccount(account) {
      const row = await first(
        `INSERT INTO ${t.accounts} (${ACCOUNT_INSERT_COLUMNS})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${ACCOUNT_COLUMNS}`,
        [account.userId, ...accountValues(account)],
      )
      return toAccount(row)
    },

    async createUserAndAccount({ name, email, emailVerified, image }, account) {
      // One statement, so both rows or neither: a first sign-in cut off by a database that goes
      // away must not leave a user without its account.
      const row = await first(
        `WITH created AS (
           INSERT INTO ${t.users} (name, email, "emailVerified", image)
           VALUES ($1, $2, $3, $4) RETURNING ${USER_COLUMNS}
         ), linked AS (
           INSERT INTO ${t.accounts} (${ACCOUNT_INSERT_COLUMNS})
           SELECT id, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14 FROM created
         )
         SELECT ${USER_COLUMNS} FROM created`,
        [name ?? null, email, emailVerified ?? null, image ?? null, ...accountValues(account)],
      )
      return toUser(row)
    },

    async unlinkAccount({ provider, providerAccountId }) {
      const row = await first(
        `DELETE FROM ${t.accounts} WHERE provider = $1 AND "providerAccountId" = $2
         RETURNING ${ACCOUNT_COLUMNS}`,
        [provider, providerAccountId],
      )
      return row === undefined ? undefined : toAccount(row)
    },

    async getAccount(providerAccountId, provider) {
      const row = await first(
        `SELECT ${ACCOUNT_COLUMNS} FROM ${t.accounts}
         WHERE provider = $1 AND "providerAccountId" = $2`,
        [provider, providerAccountId],
      )
      return row === undefined ? null : toAccount(row)
    },

    async listAccounts(userId) {
      const rows = await run(
        `SELECT ${ACCOUNT_COLUMNS} FROM ${t.accounts} WHERE "userId" = $1
         ORDER BY provider, "providerAccountId"`,
        [userId],
        { byUserId: true },
      )
      return rows.map(toAccount)
    },

    async updateAccount(account) {
      const { provider, providerAccountId } = account
      const { assignments, params } = setClause(ACCOUNT_UPDATE_COLUMNS, account, [
        provider,
        providerAccountId,
      ])
      const row = await first(
        assignments === ""
          ? `SELECT ${ACCOUNT_COLUMNS} FROM ${t.accounts}
             WHERE provider = $1 AND "providerAccountId" = $2`
          : `UPDATE ${t.accounts} SET ${assignments}
             WHERE provider = $1 AND "providerAccountId" = $2 RETURNING ${ACCOUNT_COLUMNS}`,
        params,
      )
      return row === undefined ? null : toAccount(row)
    },

    async createVerificationToken({ identifier, token, expires }) {
      const row = await first(
        `INSERT INTO ${t.verificationToken} (identifier, token, expires)
         VALUES ($1, $2, $3) RETURNING ${VERIFICATION_TOKEN_COLUMNS}`,
        [identifier, token, expires],
      )
      return toVerificationToken(row)
    },

    async useVerificationToken({ identifier, token }) {
      // A single DELETE … RETURNING: of concurrent calls, exactly one gets the row.
      const row = await first(
        `DELETE FROM ${t.verificationToken} WHERE identifier = $1 AND token = $2
         RETURNING ${VERIFICATION_TOKEN_COLUMNS}`,
        [identifier, token],
      )
      return row === undefined ? null : toVerificationToken(row)
    },

    ...sessionMethods(t, run),
    ...authenticatorMethods(t.authenticators, run),

    /**
     * `SELECT 1`, for `GET <basePath>/health`: resolves once the database answers; an
     * unreachable one rejects with `DatabaseUnavailableError`. Bound it with the pool's
     * `connectionTimeoutMillis` and `query_timeout` (core's health check also gives up soon).
     */
    async ping() {
      await run("SELECT 1", [])
    },
  }
}

/** An account's values in the order of `ACCOUNT_INSERT_COLUMNS` after `"userId"`. */
function accountValues(account: Omit<AdapterAccount, "userId">): unknown[] {
  return [
    account.type,
    account.provider,
    account.providerAccountId,
    account.refresh_token ?? null,
    account.access_token ?? null,
    account.expires_at ?? null,
    account.id_token ?? null,
    account.scope ?? null,
    account.session_state ?? null,
    account.token_type ?? null,
  ]
}
