/**
 * The databases the PostgreSQL store's tests run on: this file's PGlite always, and the server at
 * `DATABASE_URL` when it is set. Each suite opens a fresh schema with the adapter's and the
 * store's tables (dropped when it closes), and opens stores on it as the instances of one app
 * would: on PostgreSQL each with a pool of its own, on PGlite each a store of its own on the one
 * embedded database.
 */
import pg from "pg"
import type { Queryable } from "../src/queryable.js"
import { createPostgresStore, type PostgresStore, type PostgresStoreOptions } from "../src/store.js"
import { applyStoreSchema } from "../src/store-schema.js"
import { openPGlite, openPostgres, quietLogger } from "./databases.js"

/** One open schema with the store's tables. */
export interface StoreDatabase {
  schema: string
  /** A client apart from the stores under test, to look at the tables and move time. */
  admin: Queryable
  /** A store as one more instance of the app has it (on PostgreSQL: its own pool). */
  instance(options?: Omit<PostgresStoreOptions, "schema">): PostgresStore
  /**
   * Lets `seconds` pass for the stores' expiries: every row's expiry is moved back, which is
   * what the database's clock moving on would do to it.
   */
  elapse(seconds: number): Promise<void>
  close(): Promise<void>
}

/** Where a suite runs. */
export interface StoreBackend {
  name: string
  /** No server on this machine (no `DATABASE_URL`): the suite is registered as skipped. */
  skip: boolean
  open(): Promise<StoreDatabase>
}

const databaseUrl = process.env.DATABASE_URL

/** Moves every expiry of the store's tables in `schema` back by `seconds`. */
async function moveExpiriesBack(admin: Queryable, schema: string, seconds: number) {
  for (const table of ["auth_store_entries", "auth_rate_limits"]) {
    await admin.query(
      `UPDATE "${schema}".${table} SET expires_at = expires_at - $1::float8 * interval '1 second'`,
      [seconds],
    )
  }
}

/** This file's PGlite, a fresh schema per suite. */
export const pgliteStoreBackend: StoreBackend = {
  name: "PGlite",
  skip: false,
  async open() {
    const database = await openPGlite()
    await applyStoreSchema(database.client, { schema: database.schema, logger: quietLogger })
    return {
      schema: database.schema,
      admin: database.client,
      instance: (options) =>
        createPostgresStore(database.client, { ...options, schema: database.schema }),
      elapse: (seconds) => moveExpiriesBack(database.client, database.schema, seconds),
      close: () => database.close(),
    }
  },
}

/** The server at `DATABASE_URL`, a fresh schema per suite, a pool per instance. */
export const postgresStoreBackend: StoreBackend = {
  name: "PostgreSQL",
  skip: !databaseUrl,
  async open() {
    const database = await openPostgres(databaseUrl!)
    await applyStoreSchema(database.client, { schema: database.schema, logger: quietLogger })
    const pools: pg.Pool[] = []
    return {
      schema: database.schema,
      admin: database.client,
      instance(options) {
        const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 })
        pools.push(pool)
        return createPostgresStore(pool, { ...options, schema: database.schema })
      },
      elapse: (seconds) => moveExpiriesBack(database.client, database.schema, seconds),
      async close() {
        await Promise.all(pools.map((pool) => pool.end()))
        await database.close()
      },
    }
  },
}

/** Both, PostgreSQL reported skipped without `DATABASE_URL`. */
export const storeBackends: StoreBackend[] = [pgliteStoreBackend, postgresStoreBackend]
