/**
 * Sign in with Pinterest (OAuth 2, profile from the v5 API).
 *
 * Callback URL to register in the Pinterest developer app ("Redirect URIs"):
 * `<origin>/auth/callback/pinterest`.
 *
 * @see https://developers.pinterest.com/docs/getting-started/authentication/
 * @module providers/pinterest
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.pinterest.com/v5/user_account`.
 * @see https://developers.pinterest.com/docs/api/v5/user_account-get
 */
export interface PinterestProfile {
  account_type: "BUSINESS" | "PINNER"
  profile_image: string
  website_url: string
  username: string
  [claim: string]: unknown
}

/**
 * Adds Pinterest sign-in with the `user_accounts:read` scope. The user's id and name are the
 * username; Pinterest shares no e-mail address.
 *
 * @example
 * import Pinterest from "@auth/core/providers/pinterest"
 *
 * const config = {
 *   providers: [
 *     Pinterest({ clientId: env.AUTH_PINTEREST_ID, clientSecret: env.AUTH_PINTEREST_SECRET }),
 *   ],
 * }
 */
export default function PinterestProvider<P extends PinterestProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "pinterest",
    name: "Pinterest",
    type: "oauth",
    authorization: {
      url: "https://www.pinterest.com/oauth",
      params: { scope: "user_accounts:read" },
    },
    token: "https://api.pinterest.com/v5/oauth/token",
    userinfo: "https://api.pinterest.com/v5/user_account",
    profile({ username, profile_image }) {
      return {
        id: requireId(username, "username"),
        name: username,
        image: profile_image,
        email: null,
      }
    },
    style: { brandColor: "#bd081c" },
    options,
  }
}
