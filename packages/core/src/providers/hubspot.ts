/**
 * Sign in with HubSpot (OAuth 2, user from the access token's metadata).
 *
 * Callback URL to register in the HubSpot app (Auth → Redirect URLs):
 * `<origin>/auth/callback/hubspot`.
 *
 * @see https://developers.hubspot.com/docs/api/oauth-quickstart-guide
 * @module providers/hubspot
 */
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.hubapi.com/oauth/v1/access-tokens/<token>`.
 * @see https://developers.hubspot.com/docs/api/oauth/tokens
 */
export interface HubSpotProfile {
  /** The user's e-mail address. */
  user: string
  user_id: number
  hub_domain: string
  hub_id: number
  [claim: string]: unknown
}

/** The metadata endpoint; the access token is appended as a path segment. */
const TOKEN_METADATA_URL = "https://api.hubapi.com/oauth/v1/access-tokens"

/**
 * Adds HubSpot sign-in with the `oauth` scope, authenticating with `client_secret_post`. The
 * user comes from the access token's metadata (the token is part of the path); its `user` is
 * the e-mail address, used as the name too. HubSpot has no profile picture.
 *
 * @example
 * import HubSpot from "@auth/core/providers/hubspot"
 *
 * const config = {
 *   providers: [
 *     HubSpot({ clientId: env.AUTH_HUBSPOT_ID, clientSecret: env.AUTH_HUBSPOT_SECRET }),
 *   ],
 * }
 */
export default function HubSpot<P extends HubSpotProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "hubspot",
    name: "HubSpot",
    type: "oauth",
    authorization: {
      url: "https://app.hubspot.com/oauth/authorize",
      params: { scope: "oauth", ...(options.clientId ? { client_id: options.clientId } : {}) },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    token: "https://api.hubapi.com/oauth/v1/token",
    userinfo: {
      url: TOKEN_METADATA_URL,
      async request({ tokens, provider }) {
        const base = endpointUrl(provider.userinfo) ?? TOKEN_METADATA_URL
        const url = `${base}/${encodeURIComponent(String(tokens.access_token))}`
        return fetchVendorJson(provider, url, { headers: { Accept: "application/json" } })
      },
    },
    profile(profile) {
      return {
        id: requireId(profile.user_id, "user_id"),
        name: profile.user,
        email: profile.user,
        image: null,
      }
    },
    style: { bg: "#ff7a59", text: "#fff" },
    options,
  }
}
