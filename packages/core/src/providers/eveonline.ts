/**
 * Sign in with EVE Online (EVE SSO, OAuth 2).
 *
 * Callback URL to register in the EVE developers application: `<origin>/auth/callback/eveonline`.
 *
 * @see https://developers.eveonline.com/docs/services/sso/
 * @module providers/eveonline
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://login.eveonline.com/oauth/verify`: the character signed in.
 * @see https://developers.eveonline.com/blog/article/sso-to-authenticated-calls
 */
export interface EVEOnlineProfile {
  CharacterID: number
  CharacterName: string
  ExpiresOn: string
  Scopes: string
  TokenType: string
  CharacterOwnerHash: string
  IntellectualProperty: string
  [claim: string]: unknown
}

/**
 * Adds EVE Online sign-in with the `publicData` scope and the `state` check. The user is the
 * character; EVE shares no e-mail address.
 *
 * @example
 * import EVEOnline from "@auth/core/providers/eveonline"
 *
 * const config = {
 *   providers: [
 *     EVEOnline({ clientId: env.AUTH_EVEONLINE_ID, clientSecret: env.AUTH_EVEONLINE_SECRET }),
 *   ],
 * }
 */
export default function EVEOnline<P extends EVEOnlineProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "eveonline",
    name: "EVE Online",
    type: "oauth",
    authorization: "https://login.eveonline.com/v2/oauth/authorize?scope=publicData",
    token: "https://login.eveonline.com/v2/oauth/token",
    userinfo: "https://login.eveonline.com/oauth/verify",
    checks: ["state"],
    profile(profile) {
      const id = requireId(profile.CharacterID, "CharacterID")
      return {
        id,
        name: profile.CharacterName,
        email: null,
        image: `https://image.eveonline.com/Character/${id}_128.jpg`,
      }
    },
    options,
  }
}
