/**
 * Sign in with Yandex ID (OAuth 2, profile from `login.yandex.ru/info`).
 *
 * Callback URL to register in the Yandex OAuth application ("Redirect URI"):
 * `<origin>/auth/callback/yandex`.
 *
 * @see https://yandex.com/dev/id/doc/en/codes/code-url
 * @see https://yandex.com/dev/id/doc/en/user-information
 * @module providers/yandex
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://login.yandex.ru/info?format=json`.
 * @see https://yandex.com/dev/id/doc/en/user-information#response
 */
export interface YandexProfile {
  login: string
  id: string
  client_id: string
  psuid: string
  emails?: string[]
  default_email?: string
  is_avatar_empty?: boolean
  default_avatar_id?: string
  birthday?: string | null
  first_name?: string
  last_name?: string
  display_name?: string
  real_name?: string
  sex?: "male" | "female" | null
  default_phone?: { id: number; number: string }
  [claim: string]: unknown
}

/**
 * Adds Yandex sign-in with the `login:info login:email login:avatar` scopes. The e-mail address
 * is the default one (else the first); the avatar is built from `default_avatar_id`.
 *
 * @example
 * import Yandex from "@auth/core/providers/yandex"
 *
 * const config = {
 *   providers: [Yandex({ clientId: env.AUTH_YANDEX_ID, clientSecret: env.AUTH_YANDEX_SECRET })],
 * }
 */
export default function Yandex(
  options: OAuthUserConfig<YandexProfile> = {},
): OAuthConfig<YandexProfile> {
  return {
    id: "yandex",
    name: "Yandex",
    type: "oauth",
    authorization: "https://oauth.yandex.ru/authorize?scope=login:info+login:email+login:avatar",
    token: "https://oauth.yandex.ru/token",
    userinfo: "https://login.yandex.ru/info?format=json",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.display_name ?? profile.real_name ?? profile.first_name,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image:
          !profile.is_avatar_empty && profile.default_avatar_id
            ? `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200`
            : null,
      }
    },
    style: { bg: "#ffcc00", text: "#000" },
    options,
  }
}
