/**
 * The adapter's tables: their names in a schema, the columns it reads and writes, and the
 * idempotent statements that create them.
 */

/** PostgreSQL truncates identifiers longer than this (NAMEDATALEN - 1). */
const MAX_IDENTIFIER_LENGTH = 63
const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]*$/i

/** The adapter's tables, in the order they are created (`users` first: the others refer to it). */
export const TABLES = [
  "users",
  "accounts",
  "sessions",
  "verification_token",
  "authenticators",
] as const

/** The name of one of the adapter's tables. */
export type TableName = (typeof TABLES)[number]

/**
 * The columns the adapter needs in each table: a table made without one of them is reported
 * (see `applySchema`'s warnings), and the calls that use it fail.
 */
export const TABLE_COLUMNS: Record<TableName, readonly string[]> = {
  users: ["id", "name", "email", "emailVerified", "image"],
  accounts: [
    "id",
    "userId",
    "type",
    "provider",
    "providerAccountId",
    "refresh_token",
    "access_token",
    "expires_at",
    "id_token",
    "scope",
    "session_state",
    "token_type",
  ],
  sessions: ["id", "sessionToken", "userId", "expires"],
  verification_token: ["identifier", "token", "expires"],
  authenticators: [
    "credentialID",
    "userId",
    "providerAccountId",
    "credentialPublicKey",
    "counter",
    "credentialDeviceType",
    "credentialBackedUp",
    "transports",
  ],
}

/** A column added to a table after the table's first release. */
export interface AddedColumn {
  name: string
  /** An SQL type name. */
  type: string
  /** The SQL of its default, for rows inserted from then on. */
  default?: string
}

/**
 * Columns added to a table after its first release, each nullable. `applySchema` adds them to
 * an existing table that lacks them, and the adapter reads NULL where they are absent, so that a
 * table made before them (Auth.js's own tables among them) keeps working without the migration.
 * Both sets are additions beyond Auth.js: the authenticators' timestamps for passkey management,
 * the sessions' fields for session management (a user's list of signed-in devices).
 */
export const ADDED_COLUMNS: Partial<Record<TableName, readonly AddedColumn[]>> = {
  authenticators: [
    { name: "createdAt", type: "TIMESTAMPTZ", default: "now()" },
    { name: "lastUsedAt", type: "TIMESTAMPTZ" },
  ],
  sessions: [
    { name: "createdAt", type: "TIMESTAMPTZ", default: "now()" },
    { name: "lastUsedAt", type: "TIMESTAMPTZ" },
    { name: "userAgent", type: "TEXT" },
    { name: "ip", type: "TEXT" },
  ],
}

/** Fully qualified, quoted names of the adapter's tables in one schema. */
export interface TableNames {
  users: string
  accounts: string
  sessions: string
  verificationToken: string
  authenticators: string
}

/**
 * How the `"userId"` columns of new tables are declared: the type of `users.id` (text UUIDs in
 * our schema, `SERIAL` integers in Auth.js's), and whether they reference it.
 */
export interface UserKey {
  /** An SQL type name, e.g. `TEXT` or `integer`. */
  type: string
  /** Whether `"userId"` gets `REFERENCES users (id) ON DELETE CASCADE`. */
  references: boolean
}

/** The key of the schema this package creates from scratch. */
export const TEXT_USER_KEY: UserKey = { type: "TEXT", references: true }

/**
 * Quotes a schema name as an SQL identifier after checking it is a plain name, so it can be
 * spliced into statements.
 *
 * @throws {TypeError} When the name is not letters, digits and underscores (not starting with a
 * digit) or is longer than 63 characters.
 */
export function quoteSchema(schema: string): string {
  if (!PLAIN_IDENTIFIER.test(schema) || schema.length > MAX_IDENTIFIER_LENGTH) {
    throw new TypeError(
      `Invalid schema name ${JSON.stringify(schema)}: use up to 63 letters, digits and ` +
        "underscores, not starting with a digit.",
    )
  }
  return `"${schema}"`
}

/**
 * The table names in `schema`, quoted and qualified; without a schema, the bare names, which
 * PostgreSQL looks up on the connection's `search_path` (as Auth.js's adapter does).
 *
 * @throws {TypeError} See {@link quoteSchema}.
 */
export function tableNames(schema: string | undefined): TableNames {
  return {
    users: qualifiedName(schema, "users"),
    accounts: qualifiedName(schema, "accounts"),
    sessions: qualifiedName(schema, "sessions"),
    verificationToken: qualifiedName(schema, "verification_token"),
    authenticators: qualifiedName(schema, "authenticators"),
  }
}

/** One table's name in `schema`, quoted and qualified; without a schema, the bare name. */
function qualifiedName(schema: string | undefined, table: TableName): string {
  return schema === undefined ? table : `${quoteSchema(schema)}.${table}`
}

/**
 * The idempotent statements (`IF NOT EXISTS`) that create one table and its indexes in
 * `schema` (without one, the first schema of the `search_path`), with `"userId"` declared as
 * `key` says.
 */
export function createTableStatements(
  schema: string | undefined,
  table: TableName,
  key: UserKey,
): string[] {
  const t = tableNames(schema)
  const userId = `"userId" ${key.type} NOT NULL${
    key.references ? ` REFERENCES ${t.users} (id) ON DELETE CASCADE` : ""
  }`
  switch (table) {
    case "users":
      return [
        `CREATE TABLE IF NOT EXISTS ${t.users} (
  id TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text,
  name TEXT,
  email TEXT UNIQUE,
  "emailVerified" TIMESTAMPTZ,
  image TEXT
)`,
      ]
    case "accounts":
      return [
        `CREATE TABLE IF NOT EXISTS ${t.accounts} (
  id TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text,
  ${userId},
  type TEXT NOT NULL,
  provider TEXT NOT NULL,
  "providerAccountId" TEXT NOT NULL,
  refresh_token TEXT,
  access_token TEXT,
  expires_at BIGINT,
  id_token TEXT,
  scope TEXT,
  session_state TEXT,
  token_type TEXT,
  UNIQUE (provider, "providerAccountId")
)`,
        `CREATE INDEX IF NOT EXISTS accounts_user_id_idx ON ${t.accounts} ("userId")`,
      ]
    case "sessions":
      return [
        `CREATE TABLE IF NOT EXISTS ${t.sessions} (
  id TEXT PRIMARY KEY DEFAULT gen_random_uuid()::text,
  "sessionToken" TEXT NOT NULL UNIQUE,
  ${userId},
  expires TIMESTAMPTZ NOT NULL,
  ${addedColumnDefinitions("sessions")}
)`,
        `CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON ${t.sessions} ("userId")`,
      ]
    case "verification_token":
      return [
        `CREATE TABLE IF NOT EXISTS ${t.verificationToken} (
  identifier TEXT NOT NULL,
  token TEXT NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (identifier, token)
)`,
      ]
    case "authenticators":
      return [
        `CREATE TABLE IF NOT EXISTS ${t.authenticators} (
  "credentialID" TEXT PRIMARY KEY,
  ${userId},
  "providerAccountId" TEXT NOT NULL,
  "credentialPublicKey" TEXT NOT NULL,
  counter BIGINT NOT NULL,
  "credentialDeviceType" TEXT NOT NULL,
  "credentialBackedUp" BOOLEAN NOT NULL,
  transports TEXT,
  ${addedColumnDefinitions("authenticators")}
)`,
        `CREATE INDEX IF NOT EXISTS authenticators_user_id_idx ON ${t.authenticators} ("userId")`,
      ]
  }
}

/** The {@link ADDED_COLUMNS} of `table` as `CREATE TABLE` declares them, one per line. */
function addedColumnDefinitions(table: TableName): string {
  return (ADDED_COLUMNS[table] ?? []).map(columnDefinition).join(",\n  ")
}

/** `"createdAt" TIMESTAMPTZ DEFAULT now()`: an added column as `CREATE TABLE` declares it. */
function columnDefinition(column: AddedColumn): string {
  const declared = `"${column.name}" ${column.type}`
  return column.default === undefined ? declared : `${declared} DEFAULT ${column.default}`
}

/**
 * The idempotent statements that add `columns` to an existing `table` (in `schema`, or the one
 * the `search_path` finds). A default is set after the column is added, so that it applies to
 * new rows only: rows stored before keep NULL (a creation time not known) rather than the time
 * of the migration.
 */
export function addColumnStatements(
  schema: string | undefined,
  table: TableName,
  columns: readonly AddedColumn[],
): string[] {
  const name = qualifiedName(schema, table)
  const add = columns.map((column) => `ADD COLUMN IF NOT EXISTS "${column.name}" ${column.type}`)
  const defaults = columns.flatMap((column) =>
    column.default === undefined
      ? []
      : [`ALTER COLUMN "${column.name}" SET DEFAULT ${column.default}`],
  )
  return [
    `ALTER TABLE ${name} ${add.join(", ")}`,
    ...(defaults.length === 0 ? [] : [`ALTER TABLE ${name} ${defaults.join(", ")}`]),
  ]
}
