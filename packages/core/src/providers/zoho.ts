/**
 * Sign in with Zoho (Zoho Accounts, OAuth 2).
 *
 * Callback URL to register in the Zoho API console ("Authorized Redirect URIs"):
 * `<origin>/auth/callback/zoho`. Accounts outside the US data center use their own domain
 * (`accounts.zoho.eu`, …): set `authorization`, `token` and `userinfo` accordingly.
 *
 * @see https://www.zoho.com/accounts/protocol/oauth/web-server-applications.html
 * @module providers/zoho
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The response of `GET https://accounts.zoho.com/oauth/user/info`. */
export interface ZohoProfile {
  ZUID: number
  First_Name: string
  Last_Name: string
  Email: string
  Display_Name?: string
  [claim: string]: unknown
}

/**
 * Adds Zoho sign-in with the `AaaServer.profile.Read` scope.
 *
 * @example
 * import Zoho from "@auth/core/providers/zoho"
 *
 * const config = {
 *   providers: [Zoho({ clientId: env.AUTH_ZOHO_ID, clientSecret: env.AUTH_ZOHO_SECRET })],
 * }
 */
export default function Zoho(config: OAuthUserConfig<ZohoProfile> = {}): OAuthConfig<ZohoProfile> {
  return {
    id: "zoho",
    name: "Zoho",
    type: "oauth",
    authorization: "https://accounts.zoho.com/oauth/v2/auth?scope=AaaServer.profile.Read",
    token: "https://accounts.zoho.com/oauth/v2/token",
    userinfo: "https://accounts.zoho.com/oauth/user/info",
    profile(profile) {
      return {
        id: requireId(profile.ZUID, "ZUID"),
        name: `${profile.First_Name} ${profile.Last_Name}`,
        email: profile.Email,
        image: null,
      }
    },
    options: config,
  }
}
