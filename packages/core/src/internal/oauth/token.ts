/**
 * The token request of the authorization code grant, and validation of its response and ID
 * token: claims (`iss`, `aud`, `exp`, `iat`, `nonce`, `alg`) by oauth4webapi, and the signature
 * against the issuer's JWKS.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3 Access token request
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 */
import * as o from "oauth4webapi"
import { clientAuthOf, clientOf } from "./client-auth.js"
import { discover } from "./discovery.js"
import type { ResolvedOAuthProvider } from "./provider.js"
import { requestOptions } from "./request-options.js"

/** What the token request needs. */
export interface CodeExchangeInput {
  provider: ResolvedOAuthProvider
  as: o.AuthorizationServer
  /** The authorization response, as `validateAuthResponse` returned it. */
  callbackParams: URLSearchParams
  /** The `redirect_uri` of the authorization request. */
  redirectUri: string
  /** The PKCE verifier; `undefined` when the provider does not use PKCE. */
  codeVerifier: string | undefined
  /** The `nonce` of the authorization request; `undefined` expects an ID token without one. */
  nonce: string | undefined
}

/** The validated token response. */
export interface CodeExchangeResult {
  /** Every field of the token response; `token_type` lowercased. */
  tokens: o.TokenEndpointResponse
  /** The metadata the response was validated with (a provider hook may name another issuer). */
  as: o.AuthorizationServer
  /** The validated ID token claims, when the response has an ID token. */
  idTokenClaims: o.IDToken | undefined
}

/**
 * Exchanges the code for tokens and validates the response. OIDC providers must return an ID
 * token; its signature is checked with the issuer's JWKS whenever the metadata names a
 * `jwks_uri` (a provider configured with endpoints but no `jwks_endpoint` relies on the TLS
 * connection to the token endpoint instead, as OIDC Core 3.1.3.7 allows).
 *
 * @throws {o.ResponseBodyError} when the token endpoint answers with an OAuth error
 * @throws {o.OperationProcessingError} when the response or ID token is invalid
 * @throws {TypeError} on a transport failure or a client misconfiguration
 */
export async function exchangeCode(input: CodeExchangeInput): Promise<CodeExchangeResult> {
  const { provider } = input
  let { as } = input
  const client = clientOf(provider)
  const options = requestOptions(provider)
  let response = await o.authorizationCodeGrantRequest(
    as,
    client,
    clientAuthOf(provider, as),
    input.callbackParams,
    input.redirectUri,
    // oauth4webapi deprecates skipping PKCE; it is skipped only when `checks` leaves it out.
    input.codeVerifier ?? o.nopkce,
    options,
  )
  if (provider.token.conform) {
    response = (await provider.token.conform(response.clone())) ?? response
  }
  as = await issuerNamedByProvider(provider, as, response)
  const tokens = await o.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: input.nonce ?? o.expectNoNonce,
    requireIdToken: provider.type === "oidc",
  })
  const idTokenClaims = o.getValidatedIdTokenClaims(tokens)
  if (idTokenClaims && as.jwks_uri) {
    await o.validateApplicationLevelSignature(as, response, options)
  }
  return { tokens, as, idTokenClaims }
}

/** Lets a provider hook inspect the raw token response and name the issuer to validate with. */
export async function issuerNamedByProvider(
  provider: ResolvedOAuthProvider,
  as: o.AuthorizationServer,
  response: Response,
): Promise<o.AuthorizationServer> {
  const inspect = provider.hooks.inspectTokenResponse
  if (!inspect) return as
  let body: unknown
  try {
    body = await response.clone().json()
  } catch {
    // Not JSON: oauth4webapi rejects it next, with the details.
    return as
  }
  if (typeof body !== "object" || body === null) return as
  const issuer = inspect(body as Record<string, unknown>, as.issuer)?.issuer
  return issuer && issuer !== as.issuer ? discover(provider, issuer) : as
}
