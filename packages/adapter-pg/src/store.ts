/**
 * `createPostgresStore`: what several instances of an app must share (JWT sessions'
 * revocations, the access-token refresh lock, rate-limit counters) kept in PostgreSQL, for apps
 * that run several instances on a database without Redis.
 */
import { withTimeLimit } from "@auth/core/adapters"
import type { RateLimitCount, RateLimitStep, RateLimitStore, SessionStore } from "@auth/core/types"
import { handlePoolErrors, isErrorEventSource, type PoolErrorLogger } from "./pool-errors.js"
import type { Queryable } from "./queryable.js"
import { createRunner } from "./run-query.js"
import { rateLimitMethods } from "./store-rate-limits.js"
import { type StoreNames, storeNames } from "./store-schema.js"
import { type StoreQuery, sessionStoreMethods } from "./store-sessions.js"
import { unavailableError } from "./unavailable.js"

/** Options of {@link createPostgresStore}. */
export interface PostgresStoreOptions {
  /**
   * The schema holding the store's tables (see `applyStoreSchema`); a plain identifier. Apps
   * that share a database keep their stores apart with a schema each.
   * @default the tables the connection's `search_path` finds
   */
  schema?: string
  /**
   * How long one call may take, in milliseconds, waiting for a pool connection included. A call
   * still unanswered then throws `DatabaseUnavailableError` (core answers `503`, or lets a rate
   * limit through with `onStoreFailure: "open"`).
   * @default 1000
   */
  timeoutMs?: number
  /**
   * Where the failures of idle pool connections are reported (see `handlePoolErrors`).
   * @default console
   */
  logger?: PoolErrorLogger
}

/** Both stores in one: give it as `session.store` and as `rateLimit.store`. */
export interface PostgresStore extends SessionStore, RateLimitStore {
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>
  deleteIfEquals(key: string, value: string): Promise<void>
  /** `SELECT 1` (within `timeoutMs`), for `GET <basePath>/health`. */
  ping(): Promise<void>
  peek(key: string): Promise<RateLimitCount | null>
  reset(key: string): Promise<void>
  run(steps: readonly RateLimitStep[]): Promise<Array<RateLimitCount | null>>
  /**
   * Deletes expired rows (at most 1,000 of each table) and returns how many. The store runs it
   * itself after a write, at most once a minute (again at the next write while a batch comes
   * back full) and without waiting for it; call it from a scheduled job when writes are rare.
   */
  deleteExpired(): Promise<number>
}

/** The default of {@link PostgresStoreOptions.timeoutMs}, as the Redis store's. */
const DEFAULT_TIMEOUT_MS = 1000
/** How often a store deletes expired rows after its writes, at most. */
const SWEEP_INTERVAL_MS = 60_000
/** The most rows of each table one sweep deletes, so that it stays a short statement. */
const SWEEP_BATCH = 1000

/** SQLSTATEs undefined_table and undefined_function: `applyStoreSchema` was not run. */
const MISSING_OBJECT = new Set(["42P01", "42883"])

/**
 * A session store and rate-limit store in PostgreSQL, on the pool (or PGlite) the adapter uses.
 * Every call is one statement, bounded by `timeoutMs`: `get` of several keys, a map's field and
 * its expiry, a lock taken (`INSERT … ON CONFLICT … WHERE expired`) or released (`DELETE … WHERE
 * value = $2`), and a run of rate-limit steps (one call of the `auth_rate_limit_steps`
 * function), each atomic across instances. Expiries are the database's time; expired rows are
 * ignored by every read and deleted after writes, at most once a minute, by a statement nobody
 * waits for (no timer keeps the process alive).
 *
 * A call throws `DatabaseUnavailableError` (core answers `503`, and the next request simply
 * tries again) when PostgreSQL cannot be reached or does not answer within `timeoutMs`; any
 * other error is thrown as the driver gave it. Create the tables first with `applyStoreSchema`
 * (or the SQL of `storeSchemaSql`).
 *
 * Compared with Redis, each JWT session read costs a query (an index lookup) on the database
 * instead of a Redis round trip, and every revocation, lock and counted hit is a write there.
 *
 * @param client a `pg.Pool` (or anything with `query(text, params)`: `pg.Client`, PGlite)
 * @throws {TypeError} When `options.schema` is not a plain identifier or `timeoutMs` is not a
 *   positive number.
 * @see https://redis.io/docs/latest/commands/set/ (the `NX` semantics `setIfAbsent` keeps)
 * @example
 * import pg from "pg"
 * import PostgresAdapter, { applyStoreSchema, createPostgresStore } from "@auth/pg-adapter"
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * await applyStoreSchema(pool)
 * const store = createPostgresStore(pool)
 *
 * export const config = {
 *   adapter: PostgresAdapter(pool),
 *   session: { strategy: "jwt", store },
 *   rateLimit: { store },
 *   // …
 * }
 */
export function createPostgresStore(
  client: Queryable,
  options: PostgresStoreOptions = {},
): PostgresStore {
  const t = storeNames(options.schema)
  const timeoutMs = resolveTimeout(options.timeoutMs)
  if (isErrorEventSource(client)) handlePoolErrors(client, options.logger)
  const run = createRunner(client)
  const limit = withTimeLimit(timeoutMs, {
    late: () =>
      unavailableError(
        new Error(`PostgreSQL did not answer within ${timeoutMs} ms (the store's timeoutMs)`),
      ),
  })
  const query: StoreQuery = (text, params) =>
    limit(() => run(text, params)).catch((error: unknown) => {
      throw explainMissingTables(error, options.schema)
    })
  const deleteExpired = async (): Promise<number> => {
    const [row] = (await query(sweepStatement(t), [])) as Array<{ deleted: number }>
    return Number(row?.deleted ?? 0)
  }
  let nextSweep = 0
  /** `write`, then a sweep nobody waits for when one is due. */
  const afterWrite =
    <Args extends unknown[], T>(write: (...args: Args) => Promise<T>) =>
    async (...args: Args): Promise<T> => {
      const result = await write(...args)
      if (Date.now() >= nextSweep) {
        nextSweep = Date.now() + SWEEP_INTERVAL_MS
        // A full batch may have left more: the next write sweeps again. A failed sweep is retried
        // after the interval; expired rows are ignored meanwhile.
        deleteExpired().then(
          (deleted) => {
            if (deleted >= SWEEP_BATCH) nextSweep = 0
          },
          () => {},
        )
      }
      return result
    }
  const sessions = sessionStoreMethods(t, query)
  const rateLimits = rateLimitMethods(t, query)
  return {
    ...sessions,
    set: afterWrite(sessions.set),
    setField: afterWrite(sessions.setField),
    setIfAbsent: afterWrite(sessions.setIfAbsent),
    ...rateLimits,
    hit: afterWrite(rateLimits.hit),
    run: afterWrite(rateLimits.run),
    async ping() {
      await query("SELECT 1", [])
    },
    deleteExpired,
  }
}

/**
 * One statement that deletes a batch of expired rows from both tables. Rows another call has
 * locked (a concurrent write to the same key) are skipped, never waited for.
 */
function sweepStatement(t: StoreNames): string {
  const expired = (table: string) =>
    `DELETE FROM ${table} WHERE expires_at <= now() AND key IN (
       SELECT key FROM ${table} WHERE expires_at <= now()
       LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED) RETURNING 1`
  return `WITH entries AS (${expired(t.entries)}), counters AS (${expired(t.rateLimits)})
    SELECT (SELECT count(*) FROM entries) + (SELECT count(*) FROM counters) AS deleted`
}

/** A missing table or function said in words: the developer has a step to take. */
function explainMissingTables(error: unknown, schema: string | undefined): unknown {
  if (!MISSING_OBJECT.has(String((error as { code?: unknown } | null)?.code))) return error
  const where = schema === undefined ? "on the search_path" : `in schema "${schema}"`
  return new Error(
    `The PostgreSQL store's tables are missing ${where}: run applyStoreSchema(client` +
      `${schema === undefined ? "" : `, { schema: "${schema}" }`}) once (or the SQL of ` +
      "storeSchemaSql()) before using createPostgresStore.",
    { cause: error },
  )
}

/** The `timeoutMs` option, checked. */
function resolveTimeout(timeoutMs: unknown): number {
  if (timeoutMs === undefined) return DEFAULT_TIMEOUT_MS
  if (typeof timeoutMs === "number" && Number.isFinite(timeoutMs) && timeoutMs > 0) {
    return timeoutMs
  }
  throw new TypeError(
    "createPostgresStore's `timeoutMs` must be a positive number of milliseconds.",
  )
}
