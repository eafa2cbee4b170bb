/**
 * Sign in with Foursquare (OAuth 2, profile from the v2 API).
 *
 * Callback URL to register in the Foursquare developer app ("Redirect URL"):
 * `<origin>/auth/callback/foursquare`.
 *
 * @see https://docs.foursquare.com/developer/reference/personalization-apis-authentication
 * @module providers/foursquare
 */
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import { conformTokenResponse } from "./internal/token.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The response of `GET https://api.foursquare.com/v2/users/self`. */
export interface FoursquareProfile {
  response: {
    user: {
      id: string
      firstName: string
      lastName: string
      contact: { email?: string; [field: string]: unknown }
      photo?: { prefix: string; suffix: string }
      [field: string]: unknown
    }
  }
  [claim: string]: unknown
}

/** Foursquare-specific options. */
export interface FoursquareOptions {
  /**
   * The API version date (`v`), `YYYYMMDD`.
   * @default "20230131"
   */
  apiVersion?: string
}

/**
 * Adds Foursquare sign-in. Foursquare takes the access token as the `oauth_token` query
 * parameter, and its token response has no `token_type` (`bearer` is assumed).
 *
 * @example
 * import Foursquare from "@auth/core/providers/foursquare"
 *
 * const config = {
 *   providers: [
 *     Foursquare({ clientId: env.AUTH_FOURSQUARE_ID, clientSecret: env.AUTH_FOURSQUARE_SECRET }),
 *   ],
 * }
 */
export default function Foursquare(
  options: OAuthUserConfig<FoursquareProfile> & FoursquareOptions = {},
): OAuthConfig<FoursquareProfile> {
  const { apiVersion = "20230131" } = options
  const profileUrl = `https://api.foursquare.com/v2/users/self?v=${encodeURIComponent(apiVersion)}`
  return {
    id: "foursquare",
    name: "Foursquare",
    type: "oauth",
    authorization: "https://foursquare.com/oauth2/authenticate",
    token: { url: "https://foursquare.com/oauth2/access_token", conform: conformTokenResponse() },
    userinfo: {
      url: profileUrl,
      async request({ tokens, provider }) {
        const url = new URL(endpointUrl(provider.userinfo) ?? profileUrl)
        url.searchParams.append("oauth_token", String(tokens.access_token))
        return fetchVendorJson(provider, url)
      },
    },
    profile({ response }) {
      const user = response?.user
      return {
        id: requireId(user?.id, "response.user.id"),
        name: `${user.firstName} ${user.lastName}`,
        email: user.contact?.email,
        image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
      }
    },
    style: { bg: "#000", text: "#fff" },
    options,
  }
}
