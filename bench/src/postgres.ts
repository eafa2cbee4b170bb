/**
 * The PostgreSQL of `DATABASE_URL` for the database-session rows: each runner gets a schema of
 * its own (named after the process, so that two runs never share tables), dropped when it closes.
 */
import type { Pool } from "pg"

/** Whether the PostgreSQL rows can run here: only with `DATABASE_URL` set. */
export function hasPostgres(): boolean {
  return Boolean(process.env.DATABASE_URL)
}

/** A pool whose connections find and create their tables in a schema of their own. */
export interface BenchSchema {
  readonly pool: Pool
  /** Drops the schema with everything in it, then closes the pool. */
  close(): Promise<void>
}

/**
 * Creates the schema `<prefix>_<pid>` and a pool whose `search_path` is that schema only.
 *
 * @throws {Error} When `DATABASE_URL` is not set, or `prefix` is not a plain identifier.
 */
export async function openBenchSchema(prefix: string): Promise<BenchSchema> {
  const connectionString = process.env.DATABASE_URL
  if (!connectionString) throw new Error("DATABASE_URL is not set: the PostgreSQL rows need it.")
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`Not a plain schema name: ${prefix}`)
  const schema = `${prefix}_${process.pid}`
  const { default: pg } = await import("pg")
  const pool = new pg.Pool({ connectionString, options: `-c search_path=${schema}` })
  // An idle connection that dies would otherwise end the process (an unhandled `error` event).
  pool.on("error", () => {})
  await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await pool.query(`CREATE SCHEMA ${schema}`)
  return {
    pool,
    async close() {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await pool.end()
    },
  }
}
