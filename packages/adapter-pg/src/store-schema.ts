/**
 * The tables of the PostgreSQL store (`createPostgresStore`): key-value entries with an expiry
 * for `session.store`, counters with a window for `rateLimit.store`, and the function that runs
 * several rate-limit steps in one statement. Created apart from the adapter's tables, by
 * {@link applyStoreSchema}, because an app may use the adapter without the store.
 */
import type { Queryable } from "./queryable.js"
import { quoteSchema } from "./schema-tables.js"

/** The store's objects, in the order they are created. */
const STORE_OBJECTS = ["auth_store_entries", "auth_rate_limits", "auth_rate_limit_steps"] as const

/** One of the store's tables or its function. */
export type StoreObjectName = (typeof STORE_OBJECTS)[number]

/** The argument types of {@link STORE_OBJECTS}' function, as `to_regprocedure` names it. */
const STEPS_ARGUMENTS = "(text[], bigint[], bigint[])"

/** Fully qualified, quoted names of the store's objects in one schema. */
export interface StoreNames {
  entries: string
  rateLimits: string
  steps: string
}

/**
 * The store's names in `schema`, quoted and qualified; without a schema, the bare names, which
 * PostgreSQL looks up on the connection's `search_path` (as the adapter's tables are).
 *
 * @throws {TypeError} When `schema` is not a plain identifier.
 */
export function storeNames(schema: string | undefined): StoreNames {
  const qualified = (name: StoreObjectName) =>
    schema === undefined ? name : `${quoteSchema(schema)}.${name}`
  return {
    entries: qualified("auth_store_entries"),
    rateLimits: qualified("auth_rate_limits"),
    steps: qualified("auth_rate_limit_steps"),
  }
}

/**
 * The idempotent statements that create the store's tables, indexes and function in `schema`
 * (without one, the first schema of the `search_path`).
 *
 * `auth_store_entries` holds either a value (`value`, `fields` NULL) or a map of fields
 * (`fields`, `value` NULL) at a key, as a Redis key holds a string or a hash. An expired row is
 * ignored by every read and deleted later. `auth_rate_limit_steps` runs
 * `RateLimitStore.run`'s steps in order in one statement (so atomically): a step with a window
 * counts a hit, one without looks; it stops after the first step over its limit.
 */
function createStoreStatements(schema: string | undefined): Record<StoreObjectName, string[]> {
  const t = storeNames(schema)
  return {
    auth_store_entries: [
      `CREATE TABLE IF NOT EXISTS ${t.entries} (
  key TEXT PRIMARY KEY,
  value TEXT,
  fields JSONB,
  expires_at TIMESTAMPTZ NOT NULL
)`,
      `CREATE INDEX IF NOT EXISTS auth_store_entries_expires_at_idx ON ${t.entries} (expires_at)`,
    ],
    auth_rate_limits: [
      `CREATE TABLE IF NOT EXISTS ${t.rateLimits} (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
)`,
      `CREATE INDEX IF NOT EXISTS auth_rate_limits_expires_at_idx ON ${t.rateLimits} (expires_at)`,
    ],
    auth_rate_limit_steps: [
      `CREATE OR REPLACE FUNCTION ${t.steps}(step_keys text[], windows_ms bigint[], limits bigint[])
RETURNS TABLE (step_count integer, ttl_ms double precision)
LANGUAGE plpgsql AS $auth_steps$
DECLARE
  step integer;
  counted integer;
  expires timestamptz;
BEGIN
  FOR step IN 1 .. coalesce(array_length(step_keys, 1), 0) LOOP
    IF windows_ms[step] IS NULL THEN
      SELECT c.count, c.expires_at INTO counted, expires FROM ${t.rateLimits} c
        WHERE c.key = step_keys[step] AND c.expires_at > now();
      IF NOT FOUND THEN
        counted := 0;
        expires := NULL;
      END IF;
    ELSE
      INSERT INTO ${t.rateLimits} AS c (key, count, expires_at)
        VALUES (step_keys[step], 1, now() + windows_ms[step] * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.count + 1 END,
        expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
      RETURNING c.count, c.expires_at INTO counted, expires;
    END IF;
    step_count := counted;
    ttl_ms := CASE WHEN expires IS NULL THEN -2
      ELSE floor(extract(epoch FROM expires - now()) * 1000) END;
    RETURN NEXT;
    EXIT WHEN limits[step] IS NOT NULL AND CASE
      WHEN windows_ms[step] IS NULL THEN counted > 0 AND counted >= limits[step]
      ELSE counted > limits[step] END;
  END LOOP;
END
$auth_steps$`,
    ],
  }
}

/**
 * The SQL that creates the store's tables and function in `schema`, for migrations or
 * `psql -f`. Every statement is idempotent.
 *
 * @default schema "public"
 * @throws {TypeError} When `schema` is not a plain identifier.
 * @example
 * import { writeFileSync } from "node:fs"
 * writeFileSync("migrations/002_auth_store.sql", storeSchemaSql("auth"))
 */
export function storeSchemaSql(schema = "public"): string {
  const statements = Object.values(createStoreStatements(schema)).flat()
  if (schema !== "public") statements.unshift(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schema)}`)
  return `${statements.join(";\n\n")};\n`
}

/** Options of {@link applyStoreSchema}. */
export interface ApplyStoreSchemaOptions {
  /**
   * The schema holding the store's tables, created when missing; a plain identifier. Pass the
   * same value to `createPostgresStore`.
   * @default the connection's `search_path`: its tables where they are, new ones in its first
   *   schema (`public` unless changed)
   */
  schema?: string
  /**
   * Where the objects created are reported.
   * @default console
   */
  logger?: { info(message: string): void }
}

/** What {@link applyStoreSchema} found and did. */
export interface AppliedStoreSchema {
  /** The schema new objects go to. */
  schema: string
  /** The tables and function it created (none when all existed). */
  created: StoreObjectName[]
}

/**
 * Creates the schema (when missing) and whichever of the store's tables and function are
 * missing, for `createPostgresStore`. Safe to run on every start and from several instances at
 * once: it takes the advisory lock that `applySchema` takes, and never changes what exists.
 *
 * @throws {TypeError} When `options.schema` is not a plain identifier.
 * @throws {Error} When an object cannot be created (a role without the `CREATE` privilege):
 *   run the SQL of {@link storeSchemaSql} as the schema's owner.
 * @example
 * import pg from "pg"
 * import { applyStoreSchema, createPostgresStore } from "@auth/pg-adapter"
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * await applyStoreSchema(pool)
 * const store = createPostgresStore(pool)
 */
export async function applyStoreSchema(
  client: Queryable,
  options: ApplyStoreSchemaOptions = {},
): Promise<AppliedStoreSchema> {
  const { schema } = options
  const logger = options.logger ?? console
  const names = storeNames(schema) // throws before any query
  const { rows } = await client.query(
    `SELECT coalesce($1::text, current_schema()) AS schema,
            to_regclass($2) IS NOT NULL AS entries,
            to_regclass($3) IS NOT NULL AS rate_limits,
            to_regprocedure($4) IS NOT NULL AS steps`,
    [schema ?? null, names.entries, names.rateLimits, `${names.steps}${STEPS_ARGUMENTS}`],
  )
  const found = rows[0] as Record<string, unknown>
  const shown = typeof found.schema === "string" ? found.schema : "(none on the search_path)"
  const exists: Record<StoreObjectName, unknown> = {
    auth_store_entries: found.entries,
    auth_rate_limits: found.rate_limits,
    auth_rate_limit_steps: found.steps,
  }
  const created = STORE_OBJECTS.filter((name) => exists[name] !== true)
  if (created.length === 0) return { schema: shown, created }
  const statements = createStoreStatements(schema)
  await client.query(
    lockedScript([
      ...(schema === undefined ? [] : [createSchemaStatement(schema)]),
      ...created.flatMap((name) => statements[name].map((text) => ifMissing(name, names, text))),
    ]),
  )
  logger.info(
    `[@auth/pg-adapter] Created ${created.join(", ")} in schema "${shown}" for the store.`,
  )
  return { schema: shown, created }
}

/** `CREATE SCHEMA` when missing, without the database's `CREATE` privilege when it exists. */
function createSchemaStatement(schema: string): string {
  return (
    `IF NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = '${schema}') THEN ` +
    `CREATE SCHEMA ${quoteSchema(schema)}; END IF`
  )
}

/**
 * `statement`, run only while `name` is still missing: another instance may have created it
 * since it was looked up (`CREATE OR REPLACE FUNCTION` would otherwise replace it, which needs
 * its owner).
 */
function ifMissing(name: StoreObjectName, names: StoreNames, statement: string): string {
  if (name !== "auth_rate_limit_steps") return statement
  const signature = `${names.steps}${STEPS_ARGUMENTS}`.replaceAll("'", "''")
  return `IF to_regprocedure('${signature}') IS NULL THEN ${statement}; END IF`
}

/**
 * `statements` in one DO block under the advisory lock of `applySchema`: one statement and one
 * transaction, whichever pool connection runs it, and never at the same time as another
 * instance's `applySchema` or `applyStoreSchema`.
 */
function lockedScript(statements: string[]): string {
  const body = [
    "PERFORM set_config('client_min_messages', 'warning', true)",
    "PERFORM pg_advisory_xact_lock(hashtext('@auth/pg-adapter:applySchema'))",
    ...statements,
  ]
  return `DO $auth_schema$ BEGIN\n${body.join(";\n")};\nEND $auth_schema$`
}
