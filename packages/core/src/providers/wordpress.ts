/**
 * Sign in with WordPress.com (OAuth 2, profile from the REST API).
 *
 * Callback URL to register in the WordPress.com application ("Redirect URLs"):
 * `<origin>/auth/callback/wordpress`.
 *
 * @see https://developer.wordpress.com/docs/oauth2/
 * @module providers/wordpress
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://public-api.wordpress.com/rest/v1/me`.
 * @see https://developer.wordpress.com/docs/api/1/get/me/
 */
export interface WordPressProfile {
  ID: number
  display_name: string
  username?: string
  email: string
  avatar_URL: string
  [claim: string]: unknown
}

/**
 * Adds WordPress.com sign-in with the `auth` scope.
 *
 * @example
 * import WordPress from "@auth/core/providers/wordpress"
 *
 * const config = {
 *   providers: [
 *     WordPress({ clientId: env.AUTH_WORDPRESS_ID, clientSecret: env.AUTH_WORDPRESS_SECRET }),
 *   ],
 * }
 */
export default function WordPress(
  config: OAuthUserConfig<WordPressProfile> = {},
): OAuthConfig<WordPressProfile> {
  return {
    id: "wordpress",
    name: "WordPress.com",
    type: "oauth",
    authorization: "https://public-api.wordpress.com/oauth2/authorize?scope=auth",
    token: "https://public-api.wordpress.com/oauth2/token",
    userinfo: "https://public-api.wordpress.com/rest/v1/me",
    profile(profile) {
      return {
        id: requireId(profile.ID, "ID"),
        name: profile.display_name,
        email: profile.email,
        image: profile.avatar_URL,
      }
    },
    options: config,
  }
}
