// Whether an error means the database cannot be reached right now: a condition of the
// deployment, not of the request, answered `503` wherever it surfaces (actions, session reads).

/**
 * The `code` of an error an adapter throws when its database cannot be reached right now
 * (`@auth/pg-adapter`'s `DatabaseUnavailableError`). Matched by value, not by class, so that
 * any adapter can signal an outage without depending on one package.
 */
export const DATABASE_UNAVAILABLE_CODE = "ERR_DATABASE_UNAVAILABLE"

/** How deep a chain of causes is followed (a cycle must not loop). */
const MAX_CAUSE_DEPTH = 5

/**
 * Whether an error, or one of its causes (`cause`, or the `cause.err` of an `AuthError` such as
 * the `AdapterError` wrapping an adapter's failure), says the database is unavailable.
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
