/**
 * Sign in with Naver (Naver Login, OAuth 2).
 *
 * Callback URL to register in the Naver developers application ("Callback URL"):
 * `<origin>/auth/callback/naver`.
 *
 * @see https://developers.naver.com/docs/login/api/api.md
 * @module providers/naver
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://openapi.naver.com/v1/nid/me`.
 * @see https://developers.naver.com/docs/login/profile/profile.md
 */
export interface NaverProfile {
  resultcode: string
  message: string
  response: {
    id: string
    nickname?: string
    name?: string
    email?: string
    gender?: "F" | "M" | "U"
    age?: string
    birthday?: string
    profile_image?: string
    birthyear?: string
    mobile?: string
  }
  [claim: string]: unknown
}

/**
 * Adds Naver sign-in. The API wraps the user in `response`; the name is the nickname.
 *
 * @example
 * import Naver from "@auth/core/providers/naver"
 *
 * const config = {
 *   providers: [Naver({ clientId: env.AUTH_NAVER_ID, clientSecret: env.AUTH_NAVER_SECRET })],
 * }
 */
export default function Naver<P extends NaverProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "naver",
    name: "Naver",
    type: "oauth",
    authorization: "https://nid.naver.com/oauth2.0/authorize",
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
    profile(profile) {
      return {
        id: requireId(profile.response?.id, "response.id"),
        name: profile.response.nickname,
        email: profile.response.email,
        image: profile.response.profile_image,
      }
    },
    options,
  }
}
