/**
 * Sign in with Coinbase (OAuth 2, profile from the v2 API).
 *
 * Callback URL to register in the Coinbase developer platform (OAuth client, redirect URIs):
 * `<origin>/auth/callback/coinbase`.
 *
 * @see https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/integrations
 * @module providers/coinbase
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.coinbase.com/v2/user`.
 * @see https://docs.cdp.coinbase.com/coinbase-app/docs/api-users
 */
export interface CoinbaseProfile {
  data: {
    id: string
    name: string
    username: string | null
    profile_location: string | null
    profile_bio: string | null
    profile_url: string | null
    avatar_url: string
    resource: "user"
    resource_path: string
    email?: string
    [field: string]: unknown
  }
  [claim: string]: unknown
}

/**
 * Adds Coinbase sign-in with the `wallet:user:email wallet:user:read` scopes.
 *
 * @example
 * import Coinbase from "@auth/core/providers/coinbase"
 *
 * const config = {
 *   providers: [
 *     Coinbase({ clientId: env.AUTH_COINBASE_ID, clientSecret: env.AUTH_COINBASE_SECRET }),
 *   ],
 * }
 */
export default function Coinbase(
  options: OAuthUserConfig<CoinbaseProfile> = {},
): OAuthConfig<CoinbaseProfile> {
  return {
    id: "coinbase",
    name: "Coinbase",
    type: "oauth",
    authorization:
      "https://login.coinbase.com/oauth2/auth?scope=wallet:user:email+wallet:user:read",
    token: "https://login.coinbase.com/oauth2/token",
    userinfo: "https://api.coinbase.com/v2/user",
    profile(profile) {
      return {
        id: requireId(profile.data?.id, "data.id"),
        name: profile.data.name,
        email: profile.data.email,
        image: profile.data.avatar_url,
      }
    },
    style: { brandColor: "#0052ff" },
    options,
  }
}
