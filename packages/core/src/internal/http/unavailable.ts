import { jsonResponse } from "./respond.js"

/** How long clients are asked to wait before retrying, in seconds. */
const RETRY_AFTER_SECONDS = 5

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
