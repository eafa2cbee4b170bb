/**
 * Sign in with Strava (OAuth 2, profile from `GET /api/v3/athlete`).
 *
 * Callback domain to register in the Strava API settings ("Authorization Callback Domain"):
 * the host of `<origin>`; the callback URL is `<origin>/auth/callback/strava`.
 *
 * @see https://developers.strava.com/docs/authentication/
 * @module providers/strava
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://www.strava.com/api/v3/athlete`.
 * @see https://developers.strava.com/docs/reference/#api-Athletes-getLoggedInAthlete
 */
export interface StravaProfile {
  id: number
  firstname: string
  lastname: string
  profile: string
  [claim: string]: unknown
}

/**
 * Adds Strava sign-in with the `read` scope and `approval_prompt=auto`, authenticating with
 * `client_secret_post`. Strava shares no e-mail address, so `email` is `null`.
 *
 * @example
 * import Strava from "@auth/core/providers/strava"
 *
 * const config = {
 *   providers: [Strava({ clientId: env.AUTH_STRAVA_ID, clientSecret: env.AUTH_STRAVA_SECRET })],
 * }
 */
export default function Strava<P extends StravaProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "strava",
    name: "Strava",
    type: "oauth",
    authorization: {
      url: "https://www.strava.com/api/v3/oauth/authorize",
      params: { scope: "read", approval_prompt: "auto", response_type: "code" },
    },
    token: { url: "https://www.strava.com/api/v3/oauth/token" },
    userinfo: "https://www.strava.com/api/v3/athlete",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: `${profile.firstname} ${profile.lastname}`,
        email: null,
        image: profile.profile,
      }
    },
    options,
  }
}
