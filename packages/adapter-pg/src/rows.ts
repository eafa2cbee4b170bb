import type {
  AdapterAccount,
  AdapterAccountType,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@auth/core/adapters"

/** A result row as drivers return it: column name → value, not yet narrowed. */
type Row = Record<string, unknown>

/** The columns each mapper reads, in SELECT and RETURNING lists. */
export const USER_COLUMNS = `id, name, email, "emailVerified", image`
/** The account columns `linkAccount` writes, in the order of its parameters. */
export const ACCOUNT_INSERT_COLUMNS =
  `"userId", type, provider, "providerAccountId", refresh_token, access_token, expires_at, ` +
  `id_token, scope, session_state, token_type`
export const ACCOUNT_COLUMNS = `id, ${ACCOUNT_INSERT_COLUMNS}`
/**
 * The fields of session management as read from the sessions table aliased `s`. They are
 * additions beyond Auth.js, so they go through `to_jsonb`, which gives NULL for a column the
 * table lacks (Auth.js's table, not migrated) where naming the column would fail the statement.
 */
export const SESSION_MANAGEMENT_SELECT =
  `(to_jsonb(s) ->> 'createdAt')::timestamptz AS "createdAt", ` +
  `(to_jsonb(s) ->> 'lastUsedAt')::timestamptz AS "lastUsedAt", ` +
  `to_jsonb(s) ->> 'userAgent' AS "userAgent", to_jsonb(s) ->> 'ip' AS ip`
/** The session columns as read from the table aliased `s`, for {@link toSession}. */
export const SESSION_SELECT = `s.id, s."sessionToken", s."userId", s.expires, ${SESSION_MANAGEMENT_SELECT}`
export const VERIFICATION_TOKEN_COLUMNS = "identifier, token, expires"
/** The authenticator columns `createAuthenticator` writes, in the order of its parameters. */
export const AUTHENTICATOR_COLUMNS =
  `"credentialID", "userId", "providerAccountId", "credentialPublicKey", counter, ` +
  `"credentialDeviceType", "credentialBackedUp", transports`
/**
 * The authenticator columns as read from the table aliased `a`. The timestamps, additions beyond
 * Auth.js, go through `to_jsonb`, which gives NULL for a column the table lacks (one made before
 * them and not migrated) where naming the column would fail the statement.
 */
export const AUTHENTICATOR_SELECT =
  `a."credentialID", a."userId", a."providerAccountId", a."credentialPublicKey", a.counter, ` +
  `a."credentialDeviceType", a."credentialBackedUp", a.transports, ` +
  `(to_jsonb(a) ->> 'createdAt')::timestamptz AS "createdAt", ` +
  `(to_jsonb(a) ->> 'lastUsedAt')::timestamptz AS "lastUsedAt"`

/** The optional OAuth token columns of `accounts`; NULL means the provider did not send it. */
const ACCOUNT_TOKEN_TEXT_COLUMNS = [
  "refresh_token",
  "access_token",
  "id_token",
  "scope",
  "session_state",
  "token_type",
] as const

/**
 * A session as stored: core's record plus the row's own `id`, which Auth.js's adapter returned
 * too (`createSession`, `getSessionAndUser`).
 */
export type StoredSession = AdapterSession & { id: string }

/**
 * A user row. Auth.js's schema allows a NULL e-mail (users of providers that share none); it
 * comes back as `null`, as Auth.js's adapter returned it, although the type says `string`.
 */
export function toUser(value: unknown): AdapterUser {
  const row = asRow(value)
  return {
    id: key(row, "id"),
    name: nullableText(row, "name"),
    email: nullableText(row, "email") as string,
    emailVerified: nullableDate(row, "emailVerified"),
    image: nullableText(row, "image"),
  }
}

/**
 * Auth.js's helper, kept for its import: the account with `expires_at` parsed as an integer
 * (`NaN` when absent, as in Auth.js).
 */
export function mapExpiresAt<Account extends { expires_at?: unknown }>(
  account: Account,
): Omit<Account, "expires_at"> & { expires_at: number } {
  return { ...account, expires_at: Number.parseInt(String(account.expires_at), 10) }
}

export function toAccount(value: unknown): AdapterAccount {
  const row = asRow(value)
  const account: AdapterAccount = {
    id: key(row, "id"),
    userId: key(row, "userId"),
    type: text(row, "type") as AdapterAccountType,
    provider: text(row, "provider"),
    providerAccountId: text(row, "providerAccountId"),
  }
  // Absent token fields stay absent: the record type declares them `string | undefined`. They
  // are written as stored: `token_type` as the provider sent it, whatever its case (Auth.js
  // stored it unchanged), hence the record's index signature rather than its narrower members.
  const tokens: Record<string, unknown> = account
  for (const column of ACCOUNT_TOKEN_TEXT_COLUMNS) {
    const token = nullableText(row, column)
    if (token !== null) tokens[column] = token
  }
  const expiresAt = nullableInteger(row, "expires_at")
  if (expiresAt !== null) account.expires_at = expiresAt
  return account
}

/** A row of {@link SESSION_SELECT}. */
export function toSession(value: unknown): StoredSession {
  const row = asRow(value)
  return {
    id: key(row, "id"),
    sessionToken: text(row, "sessionToken"),
    userId: key(row, "userId"),
    expires: date(row, "expires"),
    ...sessionManagementFields(row),
  }
}

/**
 * A row of `getSessionAndUser`'s join: the user's columns, then the session's `session_id`,
 * `"sessionToken"`, `session_expires` and {@link SESSION_MANAGEMENT_SELECT}. The session's
 * `userId` is the user's `id`, which the join found equal to it.
 */
export function toSessionAndUser(value: unknown): { session: StoredSession; user: AdapterUser } {
  const row = asRow(value)
  const user = toUser(row)
  const session: StoredSession = {
    id: key(row, "session_id"),
    sessionToken: text(row, "sessionToken"),
    userId: user.id,
    expires: date(row, "session_expires"),
    ...sessionManagementFields(row),
  }
  return { session, user }
}

/** The fields of {@link SESSION_MANAGEMENT_SELECT}, `null` when not known. */
function sessionManagementFields(
  row: Row,
): Required<Pick<AdapterSession, "createdAt" | "lastUsedAt" | "userAgent" | "ip">> {
  return {
    createdAt: nullableDate(row, "createdAt"),
    lastUsedAt: nullableDate(row, "lastUsedAt"),
    userAgent: nullableText(row, "userAgent"),
    ip: nullableText(row, "ip"),
  }
}

export function toVerificationToken(value: unknown): VerificationToken {
  const row = asRow(value)
  return {
    identifier: text(row, "identifier"),
    token: text(row, "token"),
    expires: date(row, "expires"),
  }
}

export function toAuthenticator(value: unknown): AdapterAuthenticator {
  const row = asRow(value)
  return {
    credentialID: text(row, "credentialID"),
    userId: key(row, "userId"),
    providerAccountId: text(row, "providerAccountId"),
    credentialPublicKey: text(row, "credentialPublicKey"),
    counter: integer(row, "counter"),
    credentialDeviceType: text(row, "credentialDeviceType"),
    credentialBackedUp: boolean(row, "credentialBackedUp"),
    transports: nullableText(row, "transports"),
    createdAt: nullableDate(row, "createdAt"),
    lastUsedAt: nullableDate(row, "lastUsedAt"),
  }
}

function asRow(value: unknown): Row {
  if (typeof value !== "object" || value === null) {
    throw new TypeError("The database driver returned a row that is not an object.")
  }
  return value as Row
}

function unexpected(column: string, expected: string, value: unknown): TypeError {
  return new TypeError(
    `Column "${column}" holds ${typeof value} where ${expected} was expected. ` +
      "Check the table against schemaSql() or Auth.js's documented schema.",
  )
}

/**
 * A key (`id`, `"userId"`) as the database types it, as Auth.js's adapter returned it: a string
 * for text and UUID keys, a number for Auth.js's `SERIAL` ids (`1`, not `"1"`; `pg` returns
 * `BIGINT` as a string). Core hands it back unchanged (the session's `userId`, the JWT's `sub`),
 * and apps written for Auth.js compare it with `===`. Core's record types say `string`, as
 * Auth.js's do. A JS `bigint` (from a custom type parser) becomes a string: JSON, and so a
 * JWT, cannot hold one.
 */
function key(row: Row, column: string): string {
  const value = row[column]
  if (typeof value === "string" || typeof value === "number") return value as string
  if (typeof value === "bigint") return String(value)
  throw unexpected(column, "a key (text or an integer)", value)
}

function nullableText(row: Row, column: string): string | null {
  const value = row[column]
  if (value === null || value === undefined) return null
  // A custom schema may keep a text field in a numeric column: it reads as its digits.
  if (typeof value === "string") return value
  if (typeof value === "number" || typeof value === "bigint") return String(value)
  throw unexpected(column, "text", value)
}

function text(row: Row, column: string): string {
  const value = nullableText(row, column)
  if (value === null) throw unexpected(column, "text", null)
  return value
}

function nullableDate(row: Row, column: string): Date | null {
  const value = row[column]
  if (value === null || value === undefined) return null
  if (value instanceof Date) return new Date(value.getTime())
  if (typeof value === "string" || typeof value === "number") {
    const parsed = new Date(value)
    if (!Number.isNaN(parsed.getTime())) return parsed
  }
  throw unexpected(column, "a timestamp", value)
}

function date(row: Row, column: string): Date {
  const value = nullableDate(row, column)
  if (value === null) throw unexpected(column, "a timestamp", null)
  return value
}

/** BIGINT arrives as a string from `pg` and as a number from PGlite. */
function nullableInteger(row: Row, column: string): number | null {
  const value = row[column]
  if (value === null || value === undefined) return null
  const parsed = typeof value === "string" || typeof value === "bigint" ? Number(value) : value
  if (typeof parsed === "number" && Number.isSafeInteger(parsed)) return parsed
  throw unexpected(column, "an integer", value)
}

function integer(row: Row, column: string): number {
  const value = nullableInteger(row, column)
  if (value === null) throw unexpected(column, "an integer", null)
  return value
}

function boolean(row: Row, column: string): boolean {
  const value = row[column]
  if (typeof value === "boolean") return value
  throw unexpected(column, "a boolean", value)
}
