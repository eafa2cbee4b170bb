/**
 * Sign in with Instagram (Instagram Basic Display API, OAuth 2).
 *
 * Callback URL to register in the Meta app (Instagram Basic Display → Valid OAuth Redirect
 * URIs): `<origin>/auth/callback/instagram`. Instagram requires HTTPS.
 *
 * @see https://developers.facebook.com/docs/instagram-basic-display-api/getting-started
 * @module providers/instagram
 */
import { requireId } from "./internal/profile.js"
import { conformTokenResponse } from "./internal/token.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://graph.instagram.com/me?fields=id,username,account_type,name`.
 * @see https://developers.facebook.com/docs/instagram-basic-display-api/reference/user
 */
export interface InstagramProfile {
  id: string
  username: string
  account_type?: "BUSINESS" | "MEDIA_CREATOR" | "PERSONAL"
  name?: string
  [claim: string]: unknown
}

/**
 * Adds Instagram sign-in with the `user_profile` scope, authenticating with
 * `client_secret_post`. Instagram's token response has no `token_type`; `bearer` is assumed.
 * Instagram shares no e-mail address, so `email` is `null`.
 *
 * @example
 * import Instagram from "@auth/core/providers/instagram"
 *
 * const config = {
 *   providers: [
 *     Instagram({ clientId: env.AUTH_INSTAGRAM_ID, clientSecret: env.AUTH_INSTAGRAM_SECRET }),
 *   ],
 * }
 */
export default function Instagram(
  config: OAuthUserConfig<InstagramProfile> = {},
): OAuthConfig<InstagramProfile> {
  return {
    id: "instagram",
    name: "Instagram",
    type: "oauth",
    authorization: "https://api.instagram.com/oauth/authorize?scope=user_profile",
    token: {
      url: "https://api.instagram.com/oauth/access_token",
      conform: conformTokenResponse(),
    },
    userinfo: "https://graph.instagram.com/me?fields=id,username,account_type,name",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.username,
        email: null,
        image: null,
      }
    },
    style: { bg: "#fff", text: "#000" },
    options: config,
  }
}
