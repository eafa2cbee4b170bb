import { jsonResponse } from "./respond.js"

/**
 * The `code` of an error an adapter throws when its database cannot be reached right now
 * (`@auth/pg-adapter`'s `DatabaseUnavailableError`). Matched by value, not by class, so that
 * any adapter can signal an outage without depending on one package.
 */
export const DATABASE_UNAVAILABLE_CODE = "ERR_DATABASE_UNAVAILABLE"

/** How long clients are asked to wait before retrying, in seconds. */
const RETRY_AFTER_SECONDS = 5

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

/**
 * The answer to a request that needs the database while it is unavailable: `503` with
 * `Retry-After`, never cached; the cause was logged by the caller. Nothing is wrong with the
 * request or the configuration, so it is neither a redirect to the error page nor a `500`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#name-503-service-unavailable
 */
export function unavailableResponse(): Response {
  const response = jsonResponse(
    { message: "The service is temporarily unavailable. Try again in a moment." },
    503,
  )
  response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS))
  response.headers.set("Cache-Control", "no-store")
  return response
}
