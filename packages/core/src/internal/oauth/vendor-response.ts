/**
 * What the provider answered, when it is not what OAuth 2 asks for: an error body, an HTML page
 * instead of JSON, a non-2xx status, a token response without its required fields. These are
 * the provider's failures, not the app's: the user goes back to the sign-in page with
 * `error=OAuthCallbackError` (and may retry), while the reason goes to the log.
 *
 * Failures that are the app's (a client the provider does not know) or that may be an attack
 * (a state, `iss` or ID token that does not validate) are not classified here: they stay
 * `CallbackRouteError`, shown as `Configuration`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2 Error response
 */
import * as o from "oauth4webapi"
import { OAuthCallbackError } from "../../errors.js"

/** How much of an unexpected body the logged reason quotes. */
const BODY_EXCERPT_LENGTH = 200

/** OAuth error codes that name the app's own credentials: a configuration mistake. */
const CLIENT_ERRORS: ReadonlySet<string> = new Set(["invalid_client", "unauthorized_client"])

/** Creates the error for a provider's unusable answer, with the reason for the log. */
export function vendorAnswerError(
  providerId: string,
  reason: string,
  details: Record<string, unknown> = {},
): OAuthCallbackError {
  return new OAuthCallbackError(reason, { provider: providerId, ...details })
}

/**
 * Reads a provider's JSON answer (a userinfo or API response): it must have a 2xx status and a
 * JSON object body.
 *
 * @param what names the request in the logged reason, e.g. `"The userinfo endpoint"`
 * @throws {OAuthCallbackError} for another status, a body that is not JSON, or not an object
 */
export async function readVendorJson(
  response: Response,
  providerId: string,
  what: string,
): Promise<Record<string, unknown>> {
  if (!response.ok) {
    throw vendorAnswerError(
      providerId,
      `${what} of provider "${providerId}" answered ${response.status}: ${await bodyExcerpt(response)}`,
      { status: response.status },
    )
  }
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw vendorAnswerError(
      providerId,
      `${what} of provider "${providerId}" sent no JSON (${response.headers.get("content-type") ?? "no content type"}): ${text.slice(0, BODY_EXCERPT_LENGTH)}`,
    )
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw vendorAnswerError(providerId, `${what} of provider "${providerId}" sent no JSON object.`)
  }
  return body as Record<string, unknown>
}

/**
 * Whether an error of the token or userinfo request means that the provider answered with
 * something unusable (see the module comment), rather than that the app is misconfigured or the
 * response failed validation.
 */
export function isVendorAnswerFailure(error: unknown): boolean {
  if (error instanceof o.ResponseBodyError) return !CLIENT_ERRORS.has(error.error)
  if (error instanceof o.WWWAuthenticateChallengeError) return true
  if (error instanceof o.UnsupportedOperationError) {
    return error.message.includes("token_type")
  }
  if (!(error instanceof o.OperationProcessingError)) return false
  const unusable: readonly (string | undefined)[] = [
    o.RESPONSE_IS_NOT_JSON,
    o.RESPONSE_IS_NOT_CONFORM,
    o.JWT_USERINFO_EXPECTED,
  ]
  if (unusable.includes(error.code)) return true
  // A token or userinfo response without a required field; ID token failures have other codes
  // or name the JWT, not the response body.
  return error.code === o.INVALID_RESPONSE && error.message.startsWith('"response" body')
}

/**
 * The error a provider's unusable answer becomes: `OAuthCallbackError` naming the provider, with
 * the original error kept for the log.
 */
export function asVendorAnswerError(error: Error, providerId: string): OAuthCallbackError {
  return vendorAnswerError(providerId, `Provider "${providerId}" answered: ${error.message}`, {
    err: error,
  })
}

async function bodyExcerpt(response: Response): Promise<string> {
  try {
    return (await response.text()).slice(0, BODY_EXCERPT_LENGTH)
  } catch {
    return "(unreadable body)"
  }
}
