/**
 * Keeping the process alive when PostgreSQL restarts: `pg.Pool` emits `error` for a connection
 * that dies while idle, and Node ends the process on an `error` event nobody listens to.
 */

/** The part of a `pg.Pool` (or `pg.Client`) that reports failures of idle connections. */
export interface ErrorEventSource {
  on(event: "error", listener: (error: Error) => void): unknown
  listenerCount(event: "error"): number
}

/** Where idle-connection failures are reported; `console` fits. */
export interface PoolErrorLogger {
  warn(message: string): void
}

/** The logger each handled pool reports to; a later explicit call may replace it. */
const handledPools = new WeakMap<object, { logger: PoolErrorLogger }>()

/** Whether a client emits `error` events (`pg.Pool`, `pg.Client`; PGlite does not). */
export function isErrorEventSource(client: unknown): client is ErrorEventSource {
  const candidate = client as Partial<ErrorEventSource> | null
  return typeof candidate?.on === "function" && typeof candidate.listenerCount === "function"
}

/**
 * Listens to a pool's `error` event, so that a connection that dies while idle (PostgreSQL
 * restarted, a proxy dropped it, `pg_terminate_backend`) is logged instead of ending the
 * process; the pool has already dropped it and opens a new one when next needed. The warning is
 * left to the app's own listener when it has one. Calling it again for the same pool only
 * replaces the logger. `PostgresAdapter` calls it for every client that emits `error` events.
 *
 * @default logger console
 * @see https://node-postgres.com/apis/pool#error
 * @example
 * import pg from "pg"
 * import { handlePoolErrors } from "@auth/pg-adapter"
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
 * handlePoolErrors(pool, logger)
 */
export function handlePoolErrors(pool: ErrorEventSource, logger?: PoolErrorLogger): void {
  const handled = handledPools.get(pool)
  if (handled) {
    if (logger) handled.logger = logger
    return
  }
  const state = { logger: logger ?? console }
  handledPools.set(pool, state)
  pool.on("error", (error) => {
    if (pool.listenerCount("error") > 1) return
    state.logger.warn(
      `[@auth/pg-adapter] An idle PostgreSQL connection failed (${describe(error)}); the ` +
        "pool dropped it and opens a new one when needed.",
    )
  })
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: unknown }).code
  return typeof code === "string" ? `${error.message}, ${code}` : error.message
}
