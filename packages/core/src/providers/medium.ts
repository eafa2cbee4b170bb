/**
 * Sign in with Medium (OAuth 2, profile from `GET /v1/me`).
 *
 * Callback URL to register in the Medium integration settings: `<origin>/auth/callback/medium`.
 *
 * @see https://github.com/Medium/medium-api-docs#2-authentication
 * @module providers/medium
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.medium.com/v1/me`.
 * @see https://github.com/Medium/medium-api-docs#31-users
 */
export interface MediumProfile {
  data: { id: string; username: string; name: string; url: string; imageUrl: string }
  [claim: string]: unknown
}

/**
 * Adds Medium sign-in with the `basicProfile` scope. Medium shares no e-mail address, so
 * `email` is `null`.
 *
 * @example
 * import Medium from "@auth/core/providers/medium"
 *
 * const config = {
 *   providers: [Medium({ clientId: env.AUTH_MEDIUM_ID, clientSecret: env.AUTH_MEDIUM_SECRET })],
 * }
 */
export default function Medium(
  config: OAuthUserConfig<MediumProfile> = {},
): OAuthConfig<MediumProfile> {
  return {
    id: "medium",
    name: "Medium",
    type: "oauth",
    authorization: "https://medium.com/m/oauth/authorize?scope=basicProfile",
    token: "https://api.medium.com/v1/tokens",
    userinfo: "https://api.medium.com/v1/me",
    profile(profile) {
      return {
        id: requireId(profile.data?.id, "data.id"),
        name: profile.data.name,
        email: null,
        image: profile.data.imageUrl,
      }
    },
    options: config,
  }
}
