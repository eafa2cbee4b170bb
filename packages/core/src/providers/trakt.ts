/**
 * Sign in with Trakt (OAuth 2, profile from `GET /users/me`).
 *
 * Callback URL to register in the Trakt application ("Redirect uri"):
 * `<origin>/auth/callback/trakt`.
 *
 * @see https://trakt.docs.apiary.io/#reference/authentication-oauth
 * @module providers/trakt
 */
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.trakt.tv/users/me?extended=full`.
 * @see https://trakt.docs.apiary.io/#reference/users/profile/get-user-profile
 */
export interface TraktUser {
  username: string
  private: boolean
  name: string
  vip: boolean
  vip_ep: boolean
  ids: { slug: string }
  joined_at: string
  location: string | null
  about: string | null
  gender: string | null
  age: number | null
  images: { avatar: { full: string } }
  [claim: string]: unknown
}

const PROFILE_URL = "https://api.trakt.tv/users/me?extended=full"

/**
 * Adds Trakt sign-in. API requests carry `trakt-api-version: 2` and the client id as
 * `trakt-api-key`. The id is the user's slug; Trakt shares no e-mail address.
 *
 * @example
 * import Trakt from "@auth/core/providers/trakt"
 *
 * const config = {
 *   providers: [Trakt({ clientId: env.AUTH_TRAKT_ID, clientSecret: env.AUTH_TRAKT_SECRET })],
 * }
 */
export default function Trakt<P extends TraktUser>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "trakt",
    name: "Trakt",
    type: "oauth",
    authorization: "https://trakt.tv/oauth/authorize?scope=",
    token: "https://api.trakt.tv/oauth/token",
    userinfo: {
      url: PROFILE_URL,
      request({ tokens, provider }) {
        return fetchVendorJson(provider, endpointUrl(provider.userinfo) ?? PROFILE_URL, {
          headers: {
            Authorization: `Bearer ${tokens.access_token}`,
            "trakt-api-version": "2",
            "trakt-api-key": String(provider.clientId),
          },
        })
      },
    },
    profile(profile) {
      return {
        id: requireId(profile.ids?.slug, "ids.slug"),
        name: profile.name,
        email: null,
        image: profile.images?.avatar?.full,
      }
    },
    style: { bg: "#ED2224", text: "#fff" },
    options,
  }
}
