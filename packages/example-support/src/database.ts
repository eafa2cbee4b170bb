/**
 * Where an example app keeps users, accounts, sessions and verification tokens: embedded PGlite
 * in the data folder by default, or the PostgreSQL server of `DATABASE_URL`, in its own schema.
 * Opened on the first query, so creating the config does no I/O (frameworks import server code
 * while building).
 */
import { join } from "node:path"
import type { Adapter } from "@auth/core/adapters"
import { applySchema, PostgresAdapter, type Queryable } from "@auth/pg-adapter"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"

/** The schema of the tables unless `EXAMPLE_DB_SCHEMA` or an option names another. */
export const DEFAULT_SCHEMA = "examples"

/** A database opened on first use. */
export interface ExampleDatabase {
  adapter: Adapter
  /** For people: "PGlite in <folder>" or "PostgreSQL from DATABASE_URL (schema examples)". */
  description: string
  close(): Promise<void>
}

/** Options of {@link openExampleDatabase}. */
export interface ExampleDatabaseOptions {
  /** A PostgreSQL URL; without it, PGlite in `<dataDir>/pglite`. */
  databaseUrl?: string
  dataDir: string
  /** @default "examples" */
  schema?: string
}

interface OpenClient extends Queryable {
  close(): Promise<void>
}

/**
 * A database whose client opens, and whose schema is applied (idempotent), on the first query;
 * a failed opening is retried by the next query.
 */
export function openExampleDatabase(options: ExampleDatabaseOptions): ExampleDatabase {
  const schema = options.schema ?? DEFAULT_SCHEMA
  const folder = join(options.dataDir, "pglite")
  let opening: Promise<OpenClient> | undefined
  const open = (): Promise<OpenClient> => {
    opening ??= openClient(options.databaseUrl, folder, schema).catch((error: unknown) => {
      opening = undefined
      throw error
    })
    return opening
  }
  const client: Queryable = {
    query: async (text, params) => (await open()).query(text, params),
  }
  return {
    adapter: PostgresAdapter(client, { schema }),
    description: options.databaseUrl
      ? `PostgreSQL from DATABASE_URL (schema ${schema})`
      : `PGlite in ${folder}`,
    async close() {
      const pending = opening
      opening = undefined
      if (pending) await (await pending.catch(() => undefined))?.close()
    },
  }
}

async function openClient(
  databaseUrl: string | undefined,
  folder: string,
  schema: string,
): Promise<OpenClient> {
  const client: OpenClient = databaseUrl ? openPool(databaseUrl) : openPGlite(folder)
  try {
    await applySchema(client, { schema })
    return client
  } catch (error) {
    await client.close()
    throw error
  }
}

function openPool(connectionString: string): OpenClient {
  const pool = new pg.Pool({ connectionString, max: 5 })
  return { query: (text, params) => pool.query(text, params), close: () => pool.end() }
}

function openPGlite(folder: string): OpenClient {
  const db = new PGlite(folder)
  return { query: (text, params) => db.query(text, params), close: () => db.close() }
}
