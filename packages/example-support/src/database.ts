/**
 * Where an example app keeps users, accounts, sessions and verification tokens: the PostgreSQL
 * server of `DATABASE_URL`, or else embedded PGlite in the launcher's data folder, with the
 * tables in their own schema. What a real app replaces with `new pg.Pool({ connectionString })`:
 * the app passes the connection to `PostgresAdapter` itself. Opened on the first query, so
 * importing the app's auth config does no I/O (frameworks import server code while building);
 * served by the launcher (`EXAMPLE_OPEN_DATABASE=1`), as soon as the app's config is loaded.
 */
import { join, resolve } from "node:path"
import { applySchema, type Queryable } from "@auth/pg-adapter"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"
import { DEFAULT_DATA_DIR, type Env, EXAMPLE_ENV, nonEmpty } from "./env.js"

/** A database connection opened on first use. */
export interface ExampleDatabase extends Queryable {
  /** For people: "PGlite in <folder>" or "PostgreSQL from DATABASE_URL (schema examples)". */
  description: string
  close(): Promise<void>
}

/** Options of {@link openExampleDatabase}. */
export interface ExampleDatabaseOptions {
  /** A PostgreSQL URL; without it, PGlite in `<dataDir>/pglite`. */
  databaseUrl?: string | undefined
  dataDir: string
  /** The schema of the tables, created (with them) on first use. */
  schema: string
}

/** Options of {@link exampleDatabase}. */
export interface ExampleDatabaseConnectOptions {
  /** The schema of the tables: pass the same to `PostgresAdapter`. */
  schema: string
  /** Where `EXAMPLE_DATA_DIR` is read. @default process.env */
  env?: Env
}

interface OpenClient extends Queryable {
  close(): Promise<void>
}

// On globalThis: dev servers re-evaluate modules on every change, and two PGlite instances on
// one folder would corrupt it.
const CACHE_KEY = Symbol.for("@auth/example-support/databases")

function databases(): Map<string, ExampleDatabase> {
  const holder = globalThis as { [CACHE_KEY]?: Map<string, ExampleDatabase> }
  holder[CACHE_KEY] ??= new Map()
  return holder[CACHE_KEY]
}

/**
 * The app's database connection: PostgreSQL at `databaseUrl` when given (an empty string counts
 * as none), else PGlite in `<EXAMPLE_DATA_DIR>/pglite` (`.example-data/pglite` in the working
 * directory without the launcher). One connection per process for the same arguments.
 *
 * @example
 * const schema = "examples"
 * const adapter = PostgresAdapter(exampleDatabase(process.env.DATABASE_URL, { schema }), { schema })
 */
export function exampleDatabase(
  databaseUrl: string | undefined,
  options: ExampleDatabaseConnectOptions,
): Queryable {
  const env = options.env ?? process.env
  const url = nonEmpty(databaseUrl)
  const dataDir = resolve(nonEmpty(env[EXAMPLE_ENV.dataDir]) ?? DEFAULT_DATA_DIR)
  const key = JSON.stringify([url, dataDir, options.schema])
  const open = databases()
  let database = open.get(key)
  if (!database) {
    database = openExampleDatabase({ databaseUrl: url, dataDir, schema: options.schema })
    open.set(key, database)
    // Served by the launcher: open it now (a failure is retried, and reported, by the first query).
    if (env[EXAMPLE_ENV.openDatabase] === "1") database.query("SELECT 1").catch(() => {})
  }
  return database
}

/**
 * Closes every connection {@link exampleDatabase} opened: for tests, and for servers that stop
 * without exiting the process.
 */
export async function closeExampleDatabases(): Promise<void> {
  const open = databases()
  const all = [...open.values()]
  open.clear()
  await Promise.all(all.map((database) => database.close()))
}

/**
 * A database whose client opens, and whose schema is applied (idempotent), on the first query;
 * a failed opening is retried by the next query. Not shared: see {@link exampleDatabase}.
 */
export function openExampleDatabase(options: ExampleDatabaseOptions): ExampleDatabase {
  const { schema } = options
  const folder = join(options.dataDir, "pglite")
  let opening: Promise<OpenClient> | undefined
  const open = (): Promise<OpenClient> => {
    opening ??= openClient(options.databaseUrl, folder, schema).catch((error: unknown) => {
      opening = undefined
      throw error
    })
    return opening
  }
  return {
    query: async (text, params) => (await open()).query(text, params),
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
