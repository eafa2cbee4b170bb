/**
 * Sign in with Patreon (OAuth 2, profile from the current-user API).
 *
 * Callback URL to register in the Patreon client ("Redirect URIs"):
 * `<origin>/auth/callback/patreon`.
 *
 * @see https://docs.patreon.com/#oauth
 * @module providers/patreon
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://www.patreon.com/api/oauth2/api/current_user`.
 * @see https://docs.patreon.com/#fetch-a-creator-profile-and-campaign-info
 */
export interface PatreonProfile {
  data: {
    id: string
    type: "user"
    attributes: {
      full_name: string
      email?: string
      image_url?: string
      [field: string]: unknown
    }
  }
  [claim: string]: unknown
}

/**
 * Adds Patreon sign-in with the `identity identity[email]` scopes.
 *
 * @example
 * import Patreon from "@auth/core/providers/patreon"
 *
 * const config = {
 *   providers: [
 *     Patreon({ clientId: env.AUTH_PATREON_ID, clientSecret: env.AUTH_PATREON_SECRET }),
 *   ],
 * }
 */
export default function Patreon<P extends PatreonProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "patreon",
    name: "Patreon",
    type: "oauth",
    authorization: {
      url: "https://www.patreon.com/oauth2/authorize",
      params: { scope: "identity identity[email]" },
    },
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: "https://www.patreon.com/api/oauth2/api/current_user",
    profile(profile) {
      return {
        id: requireId(profile.data?.id, "data.id"),
        name: profile.data.attributes?.full_name,
        email: profile.data.attributes?.email,
        image: profile.data.attributes?.image_url,
      }
    },
    style: { bg: "#e85b46", text: "#fff" },
    options,
  }
}
