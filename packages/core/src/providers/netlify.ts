/**
 * Sign in with Netlify (OAuth 2, profile from the Netlify API).
 *
 * Callback URL to register in the Netlify OAuth application: `<origin>/auth/callback/netlify`.
 *
 * @see https://docs.netlify.com/api/get-started/#authentication
 * @module providers/netlify
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.netlify.com/api/v1/user`.
 * @see https://open-api.netlify.com/#tag/user/operation/getCurrentUser
 */
export interface NetlifyProfile {
  id: string
  uid?: string
  full_name: string
  avatar_url: string
  email: string
  [claim: string]: unknown
}

/**
 * Adds Netlify sign-in.
 *
 * @example
 * import Netlify from "@auth/core/providers/netlify"
 *
 * const config = {
 *   providers: [
 *     Netlify({ clientId: env.AUTH_NETLIFY_ID, clientSecret: env.AUTH_NETLIFY_SECRET }),
 *   ],
 * }
 */
export default function Netlify(
  config: OAuthUserConfig<NetlifyProfile> = {},
): OAuthConfig<NetlifyProfile> {
  return {
    id: "netlify",
    name: "Netlify",
    type: "oauth",
    authorization: "https://app.netlify.com/authorize?scope",
    token: "https://api.netlify.com/oauth/token",
    userinfo: "https://api.netlify.com/api/v1/user",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.full_name,
        email: profile.email,
        image: profile.avatar_url,
      }
    },
    style: { brandColor: "#32e6e2" },
    options: config,
  }
}
