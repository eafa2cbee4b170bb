/**
 * Sign in with Box (OAuth 2, profile from `GET /2.0/users/me`).
 *
 * Callback URL to register in the Box developer console (Configuration → OAuth 2.0 Redirect
 * URI): `<origin>/auth/callback/box`.
 *
 * @see https://developer.box.com/guides/authentication/oauth2/
 * @module providers/box
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.box.com/2.0/users/me`.
 * @see https://developer.box.com/reference/get-users-me/
 */
export interface BoxProfile {
  type: "user"
  id: string
  name: string
  /** The user's e-mail address. */
  login: string
  avatar_url: string
  [claim: string]: unknown
}

/**
 * Adds Box sign-in. The e-mail address is the user's `login`.
 *
 * @example
 * import Box from "@auth/core/providers/box"
 *
 * const config = {
 *   providers: [Box({ clientId: env.AUTH_BOX_ID, clientSecret: env.AUTH_BOX_SECRET })],
 * }
 */
export default function Box(options: OAuthUserConfig<BoxProfile> = {}): OAuthConfig<BoxProfile> {
  return {
    id: "box",
    name: "Box",
    type: "oauth",
    authorization: "https://account.box.com/api/oauth2/authorize",
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.name,
        email: profile.login,
        image: profile.avatar_url,
      }
    },
    style: { bg: "#0075C9", text: "#fff" },
    options,
  }
}
