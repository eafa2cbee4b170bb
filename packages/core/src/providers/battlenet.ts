/**
 * Sign in with Battle.net (OpenID Connect).
 *
 * Create a client at develop.battle.net with the redirect URL
 * `<origin>/auth/callback/battlenet`, and set `issuer` to the region's OAuth URL.
 *
 * @see https://develop.battle.net/documentation/guides/using-oauth
 * @module providers/battlenet
 */
import { requireId } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Battle.net's ID token. */
export interface BattleNetProfile {
  sub: string
  battle_tag: string
  [claim: string]: unknown
}

/** The Battle.net issuers, one per region. */
export type BattleNetIssuer =
  | "https://oauth.battle.net"
  | "https://oauth.battlenet.com.cn"
  | "https://www.battlenet.com.cn/oauth"
  | `https://${"us" | "eu" | "kr" | "tw"}.battle.net/oauth`

/**
 * Adds Battle.net sign-in on the region's `issuer` (`AUTH_BATTLENET_ISSUER`). The name is the
 * BattleTag; Battle.net shares no e-mail address.
 *
 * @example
 * import BattleNet from "@auth/core/providers/battlenet"
 *
 * const config = {
 *   providers: [
 *     BattleNet({
 *       clientId: env.AUTH_BATTLENET_ID,
 *       clientSecret: env.AUTH_BATTLENET_SECRET,
 *       issuer: "https://oauth.battle.net",
 *     }),
 *   ],
 * }
 */
export default function BattleNet<P extends BattleNetProfile>(
  options: OIDCUserConfig<P> & { issuer?: BattleNetIssuer } = {},
): OIDCConfig<P> {
  return {
    id: "battlenet",
    name: "Battle.net",
    type: "oidc",
    profile(profile) {
      return {
        id: requireId(profile.sub, "sub"),
        name: profile.battle_tag,
        email: null,
        image: null,
      }
    },
    style: { bg: "#148eff", text: "#fff" },
    options,
  }
}
