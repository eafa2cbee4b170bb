/**
 * Where the playground keeps users, accounts, sessions and verification tokens: embedded PGlite
 * in the data folder by default, or the PostgreSQL server of `DATABASE_URL`, in its own schema.
 */
import { join } from "node:path"
import type { Adapter } from "@auth/core/adapters"
import { applySchema, PostgresAdapter } from "@auth/pg-adapter"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"

/** The tables live in this schema, created when missing. */
export const SCHEMA = "playground"

/** An open database with the schema applied. */
export interface PlaygroundDatabase {
  adapter: Adapter
  /** For people: "PGlite in <folder>" or "PostgreSQL (schema playground)". */
  description: string
  close(): Promise<void>
}

/**
 * Opens PostgreSQL when `databaseUrl` is set, else PGlite in `<dataDir>/pglite`, and applies the
 * schema (idempotent).
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
}): Promise<PlaygroundDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 5 })
    try {
      await applySchema(pool, { schema: SCHEMA })
    } catch (error) {
      await pool.end()
      throw error
    }
    return {
      adapter: PostgresAdapter(pool, { schema: SCHEMA }),
      description: `PostgreSQL from DATABASE_URL (schema ${SCHEMA})`,
      close: () => pool.end(),
    }
  }
  const folder = join(options.dataDir, "pglite")
  const db = new PGlite(folder)
  try {
    await applySchema(db, { schema: SCHEMA })
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
