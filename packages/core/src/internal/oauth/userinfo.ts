/**
 * The provider's profile of the user: the ID token claims, or the userinfo endpoint's answer.
 *
 * @see https://openid.net/specs/openid-connect-core-1_0.html#UserInfo
 */
import * as o from "oauth4webapi"
import type { OAuthConfigInternal } from "../../providers/oauth.js"
import type { Profile } from "../../types/user.js"
import { clientOf } from "./client-auth.js"
import type { ResolvedOAuthProvider } from "./provider.js"
import { requestOptions } from "./request-options.js"
import { readVendorJson } from "./vendor-response.js"

/** What fetching the profile needs. */
export interface ProfileInput {
  provider: ResolvedOAuthProvider
  as: o.AuthorizationServer
  tokens: o.TokenEndpointResponse
  idTokenClaims: o.IDToken | undefined
  /** The authorization response's parameters (Apple adds the user's name there). */
  callbackParams: URLSearchParams
  /** The provider's URLs, given to a custom `userinfo.request`. */
  urls: { signinUrl: string; callbackUrl: string }
}

/**
 * The profile: for OIDC the ID token claims, or with `idToken: false` the userinfo response
 * (whose `sub` must be the ID token's); for OAuth 2 the custom `userinfo.request`, else a GET to
 * the userinfo endpoint with the access token.
 *
 * @throws {o.OperationProcessingError} when the OIDC userinfo response is invalid
 * @throws {OAuthCallbackError} when a plain OAuth userinfo response is not a 2xx JSON object
 * @throws {TypeError} when no userinfo endpoint is configured
 */
export async function fetchProfile(input: ProfileInput): Promise<Profile> {
  const profile = await rawProfile(input)
  const { profileFromCallback } = input.provider.hooks
  return profileFromCallback ? profileFromCallback(profile, input.callbackParams) : profile
}

async function rawProfile(input: ProfileInput): Promise<Profile> {
  const { provider, as, tokens, idTokenClaims } = input
  if (provider.type === "oidc" && idTokenClaims) {
    if (provider.idToken) return { ...idTokenClaims } as Profile
    const response = await o.userInfoRequest(
      as,
      clientOf(provider),
      tokens.access_token,
      requestOptions(provider),
    )
    const userinfo = await o.processUserInfoResponse(
      as,
      clientOf(provider),
      idTokenClaims.sub,
      response,
    )
    return { ...userinfo } as Profile
  }
  const { request } = provider.userinfo
  if (request) {
    const context = { ...provider.config, ...input.urls } as OAuthConfigInternal<Profile>
    const result = await request({ tokens, provider: context })
    return typeof result === "object" && result !== null ? (result as Profile) : {}
  }
  if (!as.userinfo_endpoint) {
    throw new TypeError(
      `Provider "${provider.id}" has no userinfo endpoint to read the profile from. Set \`userinfo\`.`,
    )
  }
  return fetchOAuthUserinfo(input)
}

/** GET the userinfo endpoint of a plain OAuth 2 provider: a 2xx JSON object is the profile. */
async function fetchOAuthUserinfo(input: ProfileInput): Promise<Profile> {
  const { provider, as, tokens } = input
  const response = await o.userInfoRequest(
    as,
    clientOf(provider),
    tokens.access_token,
    requestOptions(provider),
  )
  return (await readVendorJson(response, provider.id, "The userinfo endpoint")) as Profile
}
