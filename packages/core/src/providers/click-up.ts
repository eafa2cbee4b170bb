/**
 * Sign in with ClickUp (OAuth 2, profile from `GET /api/v2/user`).
 *
 * Callback URL to register in the ClickUp app (Settings → Apps → Redirect URL(s)):
 * `<origin>/auth/callback/click-up`.
 *
 * @see https://clickup.com/api/developer-portal/authentication/#oauth-flow
 * @module providers/click-up
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.clickup.com/api/v2/user`.
 * @see https://clickup.com/api/clickupreference/operation/GetAuthorizedUser/
 */
export interface ClickUpProfile {
  user: {
    id: number
    username: string
    color: string
    profilePicture: string
    email?: string
    [field: string]: unknown
  }
  [claim: string]: unknown
}

/**
 * Adds ClickUp sign-in with the `state` check. As in Auth.js, the user gets ClickUp's
 * `profilePicture` and `color` fields rather than `image` and `email`.
 *
 * @example
 * import ClickUp from "@auth/core/providers/click-up"
 *
 * const config = {
 *   providers: [
 *     ClickUp({ clientId: env.AUTH_CLICK_UP_ID, clientSecret: env.AUTH_CLICK_UP_SECRET }),
 *   ],
 * }
 */
export default function ClickUp(
  config: OAuthUserConfig<ClickUpProfile> = {},
): OAuthConfig<ClickUpProfile> {
  return {
    id: "click-up",
    name: "ClickUp",
    type: "oauth",
    authorization: "https://app.clickup.com/api",
    token: "https://api.clickup.com/api/v2/oauth/token",
    userinfo: "https://api.clickup.com/api/v2/user",
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    checks: ["state"],
    profile(profile) {
      return {
        id: requireId(profile.user?.id, "user.id"),
        name: profile.user.username,
        profilePicture: profile.user.profilePicture,
        color: profile.user.color,
      }
    },
    style: { bg: "#24292f", text: "#fff" },
    options: config,
  }
}
