/**
 * Sign in with FreshBooks (OAuth 2, profile from `GET /auth/api/v1/users/me`).
 *
 * Callback URL to register in the FreshBooks developer app ("Redirect URIs"):
 * `<origin>/auth/callback/freshbooks`.
 *
 * @see https://www.freshbooks.com/api/authenticating-with-oauth-2-0-on-the-new-freshbooks-api
 * @module providers/freshbooks
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.freshbooks.com/auth/api/v1/users/me`.
 * @see https://www.freshbooks.com/api/me_endpoint
 */
export interface FreshbooksProfile {
  response: {
    id: number
    first_name: string
    last_name: string
    email: string
    [field: string]: unknown
  }
  [claim: string]: unknown
}

/**
 * Adds FreshBooks sign-in. The API wraps the user in `response`.
 *
 * @example
 * import Freshbooks from "@auth/core/providers/freshbooks"
 *
 * const config = {
 *   providers: [
 *     Freshbooks({ clientId: env.AUTH_FRESHBOOKS_ID, clientSecret: env.AUTH_FRESHBOOKS_SECRET }),
 *   ],
 * }
 */
export default function Freshbooks(
  options: OAuthUserConfig<FreshbooksProfile> = {},
): OAuthConfig<FreshbooksProfile> {
  return {
    id: "freshbooks",
    name: "Freshbooks",
    type: "oauth",
    authorization: "https://auth.freshbooks.com/service/auth/oauth/authorize",
    token: "https://api.freshbooks.com/auth/oauth/token",
    userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
    profile(profile) {
      return {
        id: requireId(profile.response?.id, "response.id"),
        name: `${profile.response.first_name} ${profile.response.last_name}`,
        email: profile.response.email,
        image: null,
      }
    },
    style: { bg: "#0075dd", text: "#fff" },
    options,
  }
}
