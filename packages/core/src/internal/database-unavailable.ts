// "The database cannot be reached right now": a condition of the deployment, not of the
// request, answered `503` wherever it surfaces (actions, session reads). Adapters signal it with
// `DatabaseUnavailableError`, exported from `@auth/core/adapters`.

/**
 * The `code` of {@link DatabaseUnavailableError}. Core matches the code, not the class, so an
 * adapter built against another copy of `@auth/core` (or none) can signal an outage by throwing
 * any error that carries it.
 */
export const DATABASE_UNAVAILABLE_CODE = "ERR_DATABASE_UNAVAILABLE"

/** Options of a {@link DatabaseUnavailableError}. */
export interface DatabaseUnavailableErrorOptions {
  /**
   * The message for the server log, e.g. to name the database and say how it recovers.
   * @default "The database is unavailable (<the cause's message>). Requests that need it are answered with 503 until it is back."
   */
  message?: string
}

/**
 * Thrown by an adapter when its database cannot be reached: refused or lost connections, a
 * server that is restarting or overloaded, a call that timed out. Core answers the request with
 * `503` and `Retry-After` instead of the error page, and a session read with no session while
 * keeping the cookie; nothing needs a restart, the next request simply tries again.
 *
 * Throw it only for conditions a later retry may fix; every other failure (a constraint
 * violation, a bad query) is a bug and keeps Auth.js's error handling.
 *
 * @example
 * import { DatabaseUnavailableError } from "@auth/core/adapters"
 *
 * async getUser(id) {
 *   try {
 *     return await db.users.find(id, { timeoutMs: 5_000 })
 *   } catch (error) {
 *     if (isConnectionError(error)) throw new DatabaseUnavailableError(error)
 *     throw error
 *   }
 * }
 */
export class DatabaseUnavailableError extends Error {
  /** Always `"ERR_DATABASE_UNAVAILABLE"`: what core looks for to answer `503`. */
  readonly code = DATABASE_UNAVAILABLE_CODE

  /**
   * @param cause The driver's error, kept as `cause` for the log.
   * @param options The message, when the default does not say enough.
   */
  constructor(cause?: unknown, options: DatabaseUnavailableErrorOptions = {}) {
    super(
      options.message ??
        `The database is unavailable${describeCause(cause)}. Requests that need it are ` +
          "answered with 503 until it is back.",
      cause === undefined ? undefined : { cause },
    )
    this.name = "DatabaseUnavailableError"
  }
}

/** ` (<message>)` for an error cause, or nothing when there is nothing to say. */
function describeCause(cause: unknown): string {
  const text = cause instanceof Error ? cause.message || cause.name : cause
  return typeof text === "string" && text !== "" ? ` (${text})` : ""
}

/** How deep a chain of causes is followed (a cycle must not loop). */
const MAX_CAUSE_DEPTH = 5

/**
 * Whether an error, or one of its causes (`cause`, or the `cause.err` of an `AuthError` such as
 * the `AdapterError` wrapping an adapter's failure), says the database is unavailable: a
 * {@link DatabaseUnavailableError} of any copy of core, or any object whose `code` is
 * {@link DATABASE_UNAVAILABLE_CODE}.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > MAX_CAUSE_DEPTH) return false
  if ((error as { code?: unknown }).code === DATABASE_UNAVAILABLE_CODE) return true
  const cause = (error as { cause?: unknown }).cause
  if (typeof cause === "object" && cause !== null && "err" in cause) {
    return isDatabaseUnavailable(cause.err, depth + 1)
  }
  return isDatabaseUnavailable(cause, depth + 1)
}
