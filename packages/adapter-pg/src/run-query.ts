import type { Queryable } from "./queryable.js"
import { isUnavailable, unavailableError } from "./unavailable.js"

/**
 * SQLSTATEs of a parameter that cannot be a value of its column's type: invalid_text_representation
 * (`"app-id-7"` for an integer id) and numeric_value_out_of_range.
 */
const NOT_A_KEY = new Set(["22P02", "22003"])

/** Options of one statement. */
interface RunOptions {
  /**
   * The statement looks rows up by a user id alone: an id that cannot be a key of the table
   * (a text id against Auth.js's `SERIAL` integer ids) finds nothing instead of failing.
   */
  byUserId?: boolean
}

/** Runs one statement and returns its rows. */
export type RunQuery = (text: string, params: unknown[], options?: RunOptions) => Promise<unknown[]>

/**
 * Wraps a client's `query`: an unreachable database becomes core's `DatabaseUnavailableError`
 * (answered 503 by core), anything thrown that is not an `Error` becomes one, and every other
 * error is rethrown as the driver gave it.
 */
export function createRunner(client: Queryable): RunQuery {
  return async (text, params, options = {}) => {
    try {
      return (await client.query(text, params)).rows
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown))
      if (options.byUserId && NOT_A_KEY.has(String((error as { code?: unknown }).code))) return []
      throw isUnavailable(error) ? unavailableError(error) : error
    }
  }
}
