/**
 * The refresh token grant: a new access token for a refresh token, with the provider's token
 * endpoint (configured, or discovered from its issuer), its client authentication and its
 * `customFetch`, as the code exchange sends them.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 Refreshing an access token
 * @see https://openid.net/specs/openid-connect-core-1_0.html#RefreshTokenResponse
 */
import * as o from "oauth4webapi"
import type { TokenSet } from "../../types/user.js"
import { clientAuthOf, clientOf } from "./client-auth.js"
import { authorizationServerForCallback } from "./discovery.js"
import { withExpiresAt } from "./profile.js"
import type { ResolvedOAuthProvider } from "./provider.js"
import { requestOptions } from "./request-options.js"
import { issuerNamedByProvider } from "./token.js"

/** How long a refresh request may take before it is given up, in milliseconds. */
export const REFRESH_TIMEOUT_MS = 10_000

/**
 * Sends the refresh grant and validates the answer: RFC 6749's members by oauth4webapi, and an
 * ID token, when the provider sends a new one, by its claims and (with a `jwks_uri`) signature.
 * The result is every field of the token response with `expires_at` (seconds since the epoch)
 * added from `expires_in`; a provider that keeps the refresh token may send none back.
 *
 * @param now the clock of `expires_at`, in milliseconds
 * @throws {o.ResponseBodyError} when the token endpoint answers with an OAuth error
 *   (`invalid_grant`: the refresh token was revoked, expired or already used)
 * @throws {o.OperationProcessingError} when the answer is not a valid token response
 * @throws {TypeError} on a transport failure (or the timeout) or a client misconfiguration
 */
export async function refreshTokenGrant(
  provider: ResolvedOAuthProvider,
  refreshToken: string,
  now: () => number = Date.now,
): Promise<TokenSet> {
  let as = await authorizationServerForCallback(provider)
  const client = clientOf(provider)
  const options = requestOptions(provider)
  let response = await o.refreshTokenGrantRequest(
    as,
    client,
    clientAuthOf(provider, as),
    refreshToken,
    { ...options, signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) },
  )
  if (provider.token.conform) {
    response = (await provider.token.conform(response.clone())) ?? response
  }
  as = await issuerNamedByProvider(provider, as, response)
  const tokens = await o.processRefreshTokenResponse(as, client, response)
  if (o.getValidatedIdTokenClaims(tokens) && as.jwks_uri) {
    await o.validateApplicationLevelSignature(as, response, options)
  }
  return withExpiresAt({ ...tokens }, now())
}

/** The OAuth error code (`invalid_grant`, …) of a failed refresh, when the provider sent one. */
export function oauthErrorOf(error: unknown): string | undefined {
  return error instanceof o.ResponseBodyError ? error.error : undefined
}

/** The HTTP status of the token endpoint's answer to a failed refresh, when it answered. */
export function refreshStatusOf(error: unknown): number | undefined {
  if (error instanceof o.ResponseBodyError) return error.status
  if (error instanceof o.OperationProcessingError && error.cause instanceof Response) {
    return error.cause.status
  }
  return undefined
}
