/**
 * Sign in with Atlassian (OAuth 2.0 (3LO), profile from `api.atlassian.com/me`).
 *
 * Callback URL to register in the Atlassian developer console (Authorization → OAuth 2.0 (3LO)
 * → Callback URL): `<origin>/auth/callback/atlassian`. Add the "User identity API" permission
 * with the `read:me` scope.
 *
 * @see https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/
 * @module providers/atlassian
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.atlassian.com/me`.
 * @see https://developer.atlassian.com/cloud/jira/platform/oauth-2-3lo-apps/#how-do-i-retrieve-the-public-profile-of-the-authenticated-user-
 */
export interface AtlassianProfile {
  account_id: string
  account_type?: string
  account_status?: string
  name: string
  nickname?: string
  email: string
  email_verified?: boolean
  picture: string
  locale?: string
  zoneinfo?: string
  [claim: string]: unknown
}

/**
 * Adds Atlassian sign-in with the `read:me` scope and `audience=api.atlassian.com`. Atlassian
 * checks `state`, which is used instead of PKCE.
 *
 * @example
 * import Atlassian from "@auth/core/providers/atlassian"
 *
 * const config = {
 *   providers: [
 *     Atlassian({ clientId: env.AUTH_ATLASSIAN_ID, clientSecret: env.AUTH_ATLASSIAN_SECRET }),
 *   ],
 * }
 */
export default function Atlassian(
  options: OAuthUserConfig<AtlassianProfile> = {},
): OAuthConfig<AtlassianProfile> {
  return {
    id: "atlassian",
    name: "Atlassian",
    type: "oauth",
    authorization: {
      url: "https://auth.atlassian.com/authorize",
      params: { audience: "api.atlassian.com", scope: "read:me" },
    },
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    profile(profile) {
      return {
        id: requireId(profile.account_id, "account_id"),
        name: profile.name,
        email: profile.email,
        image: profile.picture,
      }
    },
    checks: ["state"],
    style: { bg: "#fff", text: "#0052cc" },
    options,
  }
}
