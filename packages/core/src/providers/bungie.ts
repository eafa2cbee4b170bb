/**
 * Sign in with Bungie.net (OAuth 2, profile from `User/GetBungieAccount`).
 *
 * Register the application at bungie.net/en/Application with the OAuth client type
 * "Confidential" and the redirect URL `<origin>/auth/callback/bungie` (HTTPS, also in
 * development). Every API request needs the application's API key: pass it as
 * `headers: { "X-API-Key": … }`.
 *
 * @see https://github.com/Bungie-net/api/wiki/OAuth-Documentation
 * @module providers/bungie
 */
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET /Platform/User/GetBungieAccount/<membershipId>/254/`.
 * @see https://bungie-net.github.io/multi/operation_get_User-GetBungieAccount.html
 */
export interface BungieProfile {
  Response: {
    bungieNetUser: {
      membershipId: string
      displayName: string
      profilePicturePath: string
      [field: string]: unknown
    }
    [field: string]: unknown
  }
  ErrorCode?: number
  ErrorStatus?: string
  Message?: string
  [claim: string]: unknown
}

/** Bungie-specific options. */
export interface BungieOptions {
  /** Headers sent with the profile request; Bungie requires `X-API-Key`. */
  headers?: Record<string, string>
}

/** The userinfo URL; `{membershipId}` is replaced by the token response's `membership_id`. */
const PROFILE_URL = "https://www.bungie.net/platform/User/GetBungieAccount/{membershipId}/254/"

/**
 * Adds Bungie.net sign-in. The profile URL names the member: `{membershipId}` in it is replaced
 * by the `membership_id` of the token response (Auth.js requests the placeholder as is, which
 * fails). Bungie shares no e-mail address, so `email` is `null`.
 *
 * @example
 * import Bungie from "@auth/core/providers/bungie"
 *
 * const config = {
 *   providers: [
 *     Bungie({
 *       clientId: env.AUTH_BUNGIE_ID,
 *       clientSecret: env.AUTH_BUNGIE_SECRET,
 *       headers: { "X-API-Key": env.BUNGIE_API_KEY },
 *     }),
 *   ],
 * }
 */
export default function Bungie(
  options: OAuthUserConfig<BungieProfile> & BungieOptions = {},
): OAuthConfig<BungieProfile> {
  return {
    id: "bungie",
    name: "Bungie",
    type: "oauth",
    authorization: "https://www.bungie.net/en/OAuth/Authorize?reauth=true",
    token: "https://www.bungie.net/platform/app/oauth/token/",
    userinfo: {
      url: PROFILE_URL,
      async request({ tokens, provider }) {
        const membershipId = requireId(tokens.membership_id, "membership_id")
        const template = endpointUrl(provider.userinfo) ?? PROFILE_URL
        const url = template.replace(/\{membershipId\}|%7BmembershipId%7D/, membershipId)
        return fetchVendorJson(provider, url, {
          headers: { ...options.headers, Authorization: `Bearer ${tokens.access_token}` },
        })
      },
    },
    profile(profile) {
      const user = profile.Response?.bungieNetUser
      const picture = user?.profilePicturePath ?? ""
      return {
        id: requireId(user?.membershipId, "Response.bungieNetUser.membershipId"),
        name: user?.displayName,
        email: null,
        image: `https://www.bungie.net${picture.startsWith("/") ? "" : "/"}${picture}`,
      }
    },
    options,
  }
}
