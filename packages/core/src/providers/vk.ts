/**
 * Sign in with VK (VK ID, OAuth 2 on `oauth.vk.com`, profile from `users.get`).
 *
 * Callback URL to register in the VK app settings ("Authorized redirect URI"):
 * `<origin>/auth/callback/vk`.
 *
 * @see https://dev.vk.com/en/api/access-token/authcode-flow-user
 * @see https://dev.vk.com/en/method/users.get
 * @module providers/vk
 */
import { vendorAnswerError } from "../internal/oauth/vendor-response.js"
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import { conformTokenResponse } from "./internal/token.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * A user of `users.get`, plus the `email` of the token response.
 * @see https://dev.vk.com/en/reference/objects/user
 */
export interface VkProfile {
  id: number
  first_name: string
  last_name: string
  photo_100: string
  can_access_closed: boolean
  is_closed: boolean
  deactivated?: string
  sex?: 0 | 1 | 2
  screen_name?: string
  photo_50?: string
  photo_200?: string
  photo_max?: string
  nickname?: string
  domain?: string
  bdate?: string
  city?: { id: number; title: string }
  country?: { id: number; title: string }
  /** From the token response; present when the `email` scope was granted. */
  email?: string | null
  [claim: string]: unknown
}

/** The API version of every request. */
const API_VERSION = "5.131"
const PROFILE_URL = `https://api.vk.com/method/users.get?fields=photo_100&v=${API_VERSION}`

/**
 * Adds VK sign-in with the `email` scope, authenticating with `client_secret_post`. VK's token
 * response has no `token_type` (`bearer` is assumed) and carries the e-mail address, which is
 * added to the profile. VK reports API errors with a 2xx status and an `error` object; they
 * fail the sign-in.
 *
 * @example
 * import VK from "@auth/core/providers/vk"
 *
 * const config = {
 *   providers: [VK({ clientId: env.AUTH_VK_ID, clientSecret: env.AUTH_VK_SECRET })],
 * }
 */
export default function VK<P extends VkProfile = VkProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "vk",
    name: "VK",
    type: "oauth",
    authorization: `https://oauth.vk.com/authorize?scope=email&v=${API_VERSION}`,
    client: { token_endpoint_auth_method: "client_secret_post" },
    token: {
      url: `https://oauth.vk.com/access_token?v=${API_VERSION}`,
      conform: conformTokenResponse(),
    },
    userinfo: {
      url: PROFILE_URL,
      async request({ tokens, provider }) {
        const body = await fetchVendorJson(
          provider,
          endpointUrl(provider.userinfo) ?? PROFILE_URL,
          {
            headers: { Authorization: `Bearer ${tokens.access_token}`, "User-Agent": "authjs" },
          },
        )
        const [user] = Array.isArray(body.response) ? (body.response as VkProfile[]) : []
        if (!user) {
          throw vendorAnswerError(
            provider.id,
            `VK's users.get answered without a user: ${JSON.stringify(body.error ?? body).slice(0, 200)}`,
          )
        }
        return { ...user, email: typeof tokens.email === "string" ? tokens.email : null }
      },
    },
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" "),
        email: profile.email ?? null,
        image: profile.photo_100,
      }
    },
    style: { bg: "#07F", text: "#fff" },
    options,
  }
}
