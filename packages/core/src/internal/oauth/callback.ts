/**
 * The authorization response, from the parameters the provider sent back to the user and
 * account of the sign-in: checks, RFC 9207 `iss`, token request, ID token, profile.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2 Authorization response
 * @see https://www.rfc-editor.org/rfc/rfc9207 Authorization server issuer identification
 */
import * as o from "oauth4webapi"
import { AuthError, CallbackRouteError, OAuthCallbackError } from "../../errors.js"
import type { Cookie } from "../../types/cookies.js"
import type { Profile } from "../../types/user.js"
import { type CheckCookie, type CheckScope, clearCheckCookie, openCheckCookie } from "./checks.js"
import { clientOf } from "./client-auth.js"
import { authorizationServerForCallback } from "./discovery.js"
import { identityFromProfile, type OAuthSignInIdentity, withExpiresAt } from "./profile.js"
import type { ResolvedOAuthProvider } from "./provider.js"
import { exchangeCode } from "./token.js"
import { fetchProfile } from "./userinfo.js"
import { asVendorAnswerError, isVendorAnswerFailure } from "./vendor-response.js"

/** What completing an authorization needs. */
export interface AuthorizationResponseInput {
  provider: ResolvedOAuthProvider
  /** The authorization response's parameters (query, or body for `form_post`). */
  params: URLSearchParams
  requestCookies: Readonly<Record<string, string>>
  scope: CheckScope
  /** The `redirect_uri` the authorization request used. */
  redirectUri: string
  /** The provider's URLs, given to a custom `userinfo.request`. */
  urls: { signinUrl: string; callbackUrl: string }
}

/** The sign-in an authorization response proved. */
export interface AuthorizationResponseResult extends OAuthSignInIdentity {
  profile: Profile
  /** Deletions of the check cookies the callback used. */
  cookies: Cookie[]
}

/**
 * Validates the authorization response against the check cookies (state, RFC 9207 `iss`),
 * exchanges the code (with the PKCE verifier), validates the ID token (with the nonce), reads
 * the profile and runs the `profile` callback.
 *
 * @throws {OAuthCallbackError} when the provider answered with an error, or its token or userinfo
 *   endpoint answered with something unusable (an error body, a non-2xx status, no JSON, a
 *   missing field)
 * @throws {InvalidCheck} when a check cookie is missing, invalid or set for another provider
 * @throws {OAuthProfileParseError} when the `profile` callback throws
 * @throws {CallbackRouteError} for any other failure (metadata, state or `iss` mismatch, token
 *   endpoint refusing the client, invalid ID token), with the cause
 */
export async function completeAuthorization(
  input: AuthorizationResponseInput,
): Promise<AuthorizationResponseResult> {
  const { provider } = input
  const cookies: Cookie[] = []
  const useCheck = async (check: "state" | "pkce" | "nonce", key: CheckCookie) => {
    if (!provider.checks.has(check)) return undefined
    const value = await openCheckCookie(input.scope, key, input.requestCookies)
    cookies.push(clearCheckCookie(input.scope, key))
    return value
  }
  try {
    const as = await authorizationServerForCallback(provider)
    const state = await useCheck("state", "state")
    const callbackParams = validateResponse(provider, as, input.params, state)
    const codeVerifier = await useCheck("pkce", "pkceCodeVerifier")
    const nonce = await useCheck("nonce", "nonce")
    const exchanged = await exchangeCode({
      provider,
      as,
      callbackParams,
      redirectUri: input.redirectUri,
      codeVerifier,
      nonce,
    })
    const profile = await fetchProfile({
      provider,
      as: exchanged.as,
      tokens: exchanged.tokens,
      idTokenClaims: exchanged.idTokenClaims,
      callbackParams: input.params,
      urls: input.urls,
    })
    const tokens = withExpiresAt({ ...exchanged.tokens })
    const identity = await identityFromProfile(provider, profile, tokens)
    return { ...identity, profile, cookies }
  } catch (error) {
    throw asCallbackError(error, provider.id)
  }
}

function validateResponse(
  provider: ResolvedOAuthProvider,
  as: o.AuthorizationServer,
  params: URLSearchParams,
  state: string | undefined,
): URLSearchParams {
  try {
    return o.validateAuthResponse(as, clientOf(provider), params, state ?? o.skipStateCheck)
  } catch (error) {
    if (!(error instanceof o.AuthorizationResponseError)) throw error
    throw new OAuthCallbackError("OAuth Provider returned an error", {
      providerId: provider.id,
      ...Object.fromEntries(error.cause.entries()),
    })
  }
}

/**
 * Auth errors pass as they are; a provider's unusable answer becomes `OAuthCallbackError`;
 * anything else is a `CallbackRouteError` naming the provider.
 */
function asCallbackError(error: unknown, providerId: string): Error {
  if (error instanceof AuthError) return error
  if (isVendorAnswerFailure(error)) return asVendorAnswerError(error as Error, providerId)
  return new CallbackRouteError(error instanceof Error ? error : new Error(String(error)), {
    provider: providerId,
  })
}
