/**
 * Where the playground keeps users, accounts, sessions and verification tokens: embedded PGlite
 * in the data folder by default, or the PostgreSQL server of `DATABASE_URL`, in its own schema.
 */
import { join } from "node:path"
import type { Adapter } from "@auth/core/adapters"
import PostgresAdapter, { applySchema, handlePoolErrors, type SchemaLogger } from "@auth/pg-adapter"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"

/** The tables live in this schema, created when missing, unless `schema` names another. */
export const SCHEMA = "playground"

/**
 * The pool setup of the adapter's README: every wait on PostgreSQL is bounded, so a database
 * that is down or unreachable gives a quick 503 instead of a hanging request.
 */
const POOL_OPTIONS = {
  max: 5,
  /** Waiting for a connection, also when the server does not answer at all. */
  connectionTimeoutMillis: 5_000,
  /** Waiting for a query's answer, on this side (a dead network never answers). */
  query_timeout: 10_000,
  /** The server cancels statements that run longer. */
  statement_timeout: 10_000,
  /** Notices dead connections while they are idle. */
  keepAlive: true,
} satisfies pg.PoolConfig

/** An open database with the schema applied. */
export interface PlaygroundDatabase {
  adapter: Adapter
  /** For people: "PGlite in <folder>" or "PostgreSQL (schema playground)". */
  description: string
  close(): Promise<void>
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, else PGlite in `<dataDir>/pglite`, and applies the
 * schema (idempotent; it also extends a database made by Auth.js's adapter). With PostgreSQL, a
 * restart of the server does not end the process: idle connections that die are logged
 * (`logger.warn`), requests that need the database get 503 meanwhile, and the pool reconnects.
 *
 * @default logger console
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined
  /** The PostgreSQL schema of `databaseUrl`; PGlite always uses `playground`. */
  schema?: string | undefined
  dataDir: string
  logger?: SchemaLogger
}): Promise<PlaygroundDatabase> {
  const logger = options.logger ?? console
  if (options.databaseUrl) {
    const schema = options.schema ?? SCHEMA
    const pool = new pg.Pool({ connectionString: options.databaseUrl, ...POOL_OPTIONS })
    handlePoolErrors(pool, logger)
    try {
      await applySchema(pool, { schema, logger })
    } catch (error) {
      await pool.end()
      throw error
    }
    return {
      adapter: PostgresAdapter(pool, { schema }),
      description: `PostgreSQL from DATABASE_URL (schema ${schema})`,
      close: () => pool.end(),
    }
  }
  const folder = join(options.dataDir, "pglite")
  const db = new PGlite(folder)
  try {
    await applySchema(db, { schema: SCHEMA, logger })
  } catch (error) {
    await db.close()
    throw error
  }
  return {
    adapter: PostgresAdapter(db, { schema: SCHEMA }),
    description: `PGlite in ${folder}`,
    close: () => db.close(),
  }
}
