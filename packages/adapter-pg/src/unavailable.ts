/**
 * Telling "the database cannot be reached right now" apart from every other failure, so that
 * an outage answers `503` (and recovers by itself) instead of looking like a bug. The error
 * thrown is core's `DatabaseUnavailableError` (from `@auth/core/adapters`).
 */
import { DATABASE_UNAVAILABLE_CODE, DatabaseUnavailableError } from "@auth/core/adapters"

/**
 * Socket errors of Node that mean the server cannot be reached or went away.
 * @see https://nodejs.org/api/errors.html#common-system-errors
 */
const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
])

/**
 * SQLSTATE classes and codes of a server that cannot serve now: 08 connection exception,
 * 53 insufficient resources (too many connections, out of memory or disk), 58 system error
 * (I/O), 57P01-57P03 shutdown and start-up, 57014 a statement cancelled by `statement_timeout`.
 * @see https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|58)[0-9A-Z]{3}$|^57P0[1-3]$|^57014$/

/**
 * Messages of `pg`, `pg-pool` and PGlite for a lost, refused, timed-out or closed connection;
 * these errors carry no `code` to tell them by.
 */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "timeout expired",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "PGlite is closed",
]

/** How deep a chain of causes is followed (a cycle must not loop). */
const MAX_CAUSE_DEPTH = 5

/**
 * Whether a driver error means the database is unreachable, overloaded or restarting (a retry
 * later may succeed), rather than a problem with the statement or the data.
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === "string") {
    if (code === DATABASE_UNAVAILABLE_CODE || NETWORK_ERROR_CODES.has(code)) return true
    if (UNAVAILABLE_SQLSTATE.test(code)) return true
  }
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))) return true
  // `pg-pool` wraps a connection timeout, AggregateError wraps each address tried.
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => isUnavailable(inner, depth + 1))
  }
  return isUnavailable(error.cause, depth + 1)
}

/**
 * The error the adapter throws when PostgreSQL cannot be reached, went away mid-query, is
 * restarting or timed out: core's {@link DatabaseUnavailableError}, which `@auth/core` answers
 * with `503`, with a message that says the pool reconnects by itself once the server is back.
 */
export function unavailableError(cause: Error): DatabaseUnavailableError {
  return new DatabaseUnavailableError(cause, {
    message:
      `PostgreSQL is unavailable (${cause.message || cause.name}). Requests that need it ` +
      "are answered with 503 until it is back; the pool reconnects by itself.",
  })
}
