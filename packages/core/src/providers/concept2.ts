/**
 * Sign in with Concept2 (OAuth 2, profile from the Logbook API).
 *
 * Callback URL to register in the Concept2 Logbook developer settings:
 * `<origin>/auth/callback/concept2`.
 *
 * @see https://log.concept2.com/developers/documentation/
 * @module providers/concept2
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The `data` of `GET https://log.concept2.com/api/users/me`.
 * @see https://log.concept2.com/developers/documentation/#users
 */
export interface Concept2Profile {
  id: number
  username: string
  first_name: string
  last_name: string
  gender: string
  dob: string
  email: string
  country: string
  profile_image: string
  age_restricted: boolean
  email_permission: boolean | null
  max_heart_rate: number | null
  weight: number | null
  logbook_privacy: string | null
  [claim: string]: unknown
}

/**
 * Adds Concept2 sign-in with the `user:read,results:write` scopes (Concept2 separates scopes with
 * commas). The API wraps the user in `data`.
 *
 * @example
 * import Concept2 from "@auth/core/providers/concept2"
 *
 * const config = {
 *   providers: [
 *     Concept2({ clientId: env.AUTH_CONCEPT2_ID, clientSecret: env.AUTH_CONCEPT2_SECRET }),
 *   ],
 * }
 */
export default function Concept2(
  options: OAuthUserConfig<{ data: Concept2Profile; [claim: string]: unknown }> = {},
): OAuthConfig<{ data: Concept2Profile; [claim: string]: unknown }> {
  return {
    id: "concept2",
    name: "Concept2",
    type: "oauth",
    authorization: {
      url: "https://log.concept2.com/oauth/authorize",
      params: { scope: "user:read,results:write" },
    },
    token: "https://log.concept2.com/oauth/access_token",
    userinfo: "https://log.concept2.com/api/users/me",
    profile(profile) {
      return {
        id: requireId(profile.data?.id, "data.id"),
        name: profile.data.username,
        email: profile.data.email,
        image: profile.data.profile_image,
      }
    },
    options,
  }
}
