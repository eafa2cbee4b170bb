/**
 * Sign in with Roblox (OpenID Connect).
 *
 * Create an OAuth 2.0 app on the Creator Dashboard (Credentials → OAuth 2.0 Apps) with the
 * redirect URL `<origin>/auth/callback/roblox` and the `openid` and `profile` scopes.
 *
 * @see https://create.roblox.com/docs/cloud/open-cloud/oauth2-overview
 * @module providers/roblox
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Roblox's ID token.
 * @see https://create.roblox.com/docs/cloud/reference/oauth2#get-v1userinfo
 */
export interface RobloxProfile {
  sub: string
  name: string
  nickname: string
  preferred_username: string
  created_at: number
  profile: string
  picture: string | null
  [claim: string]: unknown
}

/**
 * Adds Roblox sign-in with the `openid profile` scopes and the `pkce` and `state` checks. The
 * issuer is `https://apis.roblox.com/oauth/`, trailing slash included, as Roblox's discovery
 * document names it. Roblox shares no e-mail address.
 *
 * @example
 * import Roblox from "@auth/core/providers/roblox"
 *
 * const config = {
 *   providers: [Roblox({ clientId: env.AUTH_ROBLOX_ID, clientSecret: env.AUTH_ROBLOX_SECRET })],
 * }
 */
export default function Roblox(
  options: OIDCUserConfig<RobloxProfile> = {},
): OIDCConfig<RobloxProfile> {
  return {
    id: "roblox",
    name: "Roblox",
    type: "oidc",
    authorization: { params: { scope: "openid profile" } },
    issuer: "https://apis.roblox.com/oauth/",
    checks: ["pkce", "state"],
    style: { bg: "#5865F2", text: "#fff" },
    options,
  }
}
