/**
 * Sign in with Eventbrite (OAuth 2, profile from the v3 API).
 *
 * Callback URL to register in the Eventbrite API key settings ("OAuth Redirect URI"):
 * `<origin>/auth/callback/eventbrite`.
 *
 * @see https://www.eventbrite.com/platform/docs/authentication
 * @module providers/eventbrite
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://www.eventbriteapi.com/v3/users/me/`.
 * @see https://www.eventbrite.com/platform/api#/reference/user/retrieve-your-user/retrieve-your-user
 */
export interface EventbriteProfile {
  id: string
  name: string
  first_name: string
  last_name: string
  emails: Array<{ email: string; verified: boolean; primary: boolean }>
  image_id: string | null
  [claim: string]: unknown
}

/**
 * Adds Eventbrite sign-in with the `user.profile` scope, authenticating with
 * `client_secret_post`. The e-mail address is the primary one; the image is built from
 * `image_id`.
 *
 * @example
 * import Eventbrite from "@auth/core/providers/eventbrite"
 *
 * const config = {
 *   providers: [
 *     Eventbrite({ clientId: env.AUTH_EVENTBRITE_ID, clientSecret: env.AUTH_EVENTBRITE_SECRET }),
 *   ],
 * }
 */
export default function Eventbrite<P extends EventbriteProfile>(
  config: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "eventbrite",
    name: "Eventbrite",
    type: "oauth",
    authorization: {
      url: "https://www.eventbrite.com/oauth/authorize",
      params: { scope: "user.profile" },
    },
    token: "https://www.eventbrite.com/oauth/token",
    userinfo: "https://www.eventbriteapi.com/v3/users/me/",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.name,
        email: profile.emails?.find((entry) => entry.primary)?.email,
        image: profile.image_id
          ? `https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F${encodeURIComponent(profile.image_id)}%2F1%2Foriginal.jpg`
          : null,
      }
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    style: { bg: "#f05537", text: "#fff" },
    options: config,
  }
}
