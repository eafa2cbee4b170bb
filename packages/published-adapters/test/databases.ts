/**
 * The databases the published adapters run on, picked as `@auth/pg-adapter`'s tests pick them:
 * embedded PGlite always, and the PostgreSQL server at `DATABASE_URL` when it is set. Each
 * suite gets its own PGlite instance or its own freshly created schema on the server, dropped
 * when the suite closes it.
 */
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"

/** The server the PostgreSQL runs use; without it they are registered as skipped. */
export const databaseUrl: string | undefined = process.env.DATABASE_URL

/** Plain SQL on a test database: to create tables and to inspect what an adapter stored. */
export interface SqlClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>
}

/** A schema name no other run uses, so runs against a shared server never collide. */
export function randomSchemaName(): string {
  return `published_adapters_${crypto.randomUUID().replaceAll("-", "")}`
}

/** `name` quoted as a PostgreSQL identifier. */
export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/**
 * An in-memory PGlite database with `schema` created and first on the `search_path` of its one
 * connection, and `statements` run in it.
 */
export async function openPGlite(schema: string, statements: readonly string[]): Promise<PGlite> {
  const db = new PGlite()
  await db.exec(`CREATE SCHEMA ${quoted(schema)}; SET search_path TO ${quoted(schema)}`)
  for (const statement of statements) await db.exec(statement)
  return db
}

/** A PostgreSQL pool on which `schema` is created and `statements` are run in it. */
export interface PostgresDatabase {
  pool: pg.Pool
  /** Drops the schema and everything in it; the pool stays open for its owner to end. */
  dropSchema(): Promise<void>
}

/**
 * Creates `schema` on the server at `connectionString` and runs `statements` with it first on
 * the `search_path`. With `searchPath`, every connection of the returned pool has the schema
 * first on its `search_path` too, so that unqualified table names (as Auth.js's docs write
 * them) find its tables.
 */
export async function openPostgres(
  connectionString: string,
  schema: string,
  statements: readonly string[],
  { searchPath }: { searchPath: boolean },
): Promise<PostgresDatabase> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${schema}` } : {}),
  })
  const dropSchema = async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`)
  }
  try {
    const client = await pool.connect()
    try {
      await client.query(`CREATE SCHEMA ${quoted(schema)}`)
      await client.query(`SET search_path TO ${quoted(schema)}`)
      for (const statement of statements) await client.query(statement)
    } finally {
      // Destroyed, not returned to the pool: no later query inherits the SET.
      client.release(true)
    }
  } catch (error) {
    // Nothing left behind on the server when the tables cannot be made; the error reported is
    // the one that stopped them.
    await dropSchema().catch(() => undefined)
    await pool.end()
    throw error
  }
  return { pool, dropSchema }
}
