/**
 * Sign in with Dribbble (OAuth 2, profile from the v2 API).
 *
 * Callback URL to register in the Dribbble application: `<origin>/auth/callback/dribbble`.
 *
 * @see https://developer.dribbble.com/v2/oauth/
 * @module providers/dribbble
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.dribbble.com/v2/user`.
 * @see https://developer.dribbble.com/v2/user/
 */
export interface DribbbleProfile {
  id: number
  name: string
  login?: string
  email: string
  avatar_url: string
  [claim: string]: unknown
}

/** Dribbble-specific options. */
export interface DribbbleOptions {
  /**
   * The scopes to request; Dribbble's default is `public`.
   * @see https://developer.dribbble.com/v2/oauth/#scopes
   */
  scope?: "public" | "public upload"
}

/**
 * Adds Dribbble sign-in. The `scope` option picks the scopes; without it none is sent and
 * Dribbble grants `public`.
 *
 * @example
 * import Dribbble from "@auth/core/providers/dribbble"
 *
 * const config = {
 *   providers: [
 *     Dribbble({ clientId: env.AUTH_DRIBBBLE_ID, clientSecret: env.AUTH_DRIBBBLE_SECRET }),
 *   ],
 * }
 */
export default function Dribbble(
  options: OAuthUserConfig<DribbbleProfile> & DribbbleOptions = {},
): OAuthConfig<DribbbleProfile> {
  return {
    id: "dribbble",
    name: "Dribbble",
    type: "oauth",
    authorization: {
      url: "https://dribbble.com/oauth/authorize",
      params: options.scope ? { scope: options.scope } : {},
    },
    token: "https://dribbble.com/oauth/token",
    userinfo: "https://api.dribbble.com/v2/user",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.name,
        email: profile.email,
        image: profile.avatar_url,
      }
    },
    style: { text: "#fff", bg: "#000" },
    options,
  }
}
