/**
 * Sign in with TikTok (OAuth 2, Login Kit for Web).
 *
 * Callback URL to register in the TikTok developer portal (Login Kit → Redirect URI):
 * `<origin>/auth/callback/tiktok`. TikTok requires HTTPS and an exact match.
 *
 * @see https://developers.tiktok.com/doc/login-kit-web
 * @see https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info
 * @module providers/tiktok
 */
import { customFetch } from "../internal/symbols.js"
import { type FetchCarrier, providerFetch, requestUrl } from "./internal/fetch.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET /v2/user/info/`. A field is only returned when its name is listed in the
 * `fields` query parameter (and its scope was granted).
 * @see https://developers.tiktok.com/doc/tiktok-api-v2-get-user-info
 */
export interface TiktokProfile {
  data: {
    user: {
      /** The user's id in this app. */
      open_id: string
      /** The user's id across the developer's apps. */
      union_id?: string
      avatar_url: string
      avatar_url_100?: string
      avatar_large_url?: string
      display_name: string
      bio_description?: string
      profile_deep_link?: string
      is_verified?: boolean
      /** Unique handle; needs the `user.info.profile` scope. */
      username: string
      follower_count?: number
      following_count?: number
      likes_count?: number
      video_count?: number
      /** Never supplied by TikTok. */
      email?: string
    }
  }
  error: {
    /** `"ok"` on success. */
    code: string
    message: string
    log_id: string
  }
}

/**
 * Adds TikTok sign-in with the `user.info.basic,user.info.profile` scopes. TikTok names the
 * client id `client_key`: it is added to the authorization URL from `clientId` (so set
 * `clientId` in these options) and to the token request from its `client_id`. TikTok never
 * supplies an e-mail address, so `email` is `null`.
 *
 * @example
 * import TikTok from "@auth/core/providers/tiktok"
 *
 * const config = {
 *   providers: [TikTok({ clientId: env.AUTH_TIKTOK_ID, clientSecret: env.AUTH_TIKTOK_SECRET })],
 * }
 */
export default function TikTok(
  options: OAuthUserConfig<TiktokProfile> = {},
): OAuthConfig<TiktokProfile> {
  return {
    id: "tiktok",
    name: "TikTok",
    type: "oauth",
    authorization: {
      url: "https://www.tiktok.com/v2/auth/authorize",
      params: {
        // TikTok separates scopes with commas.
        scope: "user.info.basic,user.info.profile",
        ...(options.clientId ? { client_key: options.clientId } : {}),
      },
    },
    token: "https://open.tiktokapis.com/v2/oauth/token/",
    userinfo:
      "https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name,username",
    client: { token_endpoint_auth_method: "client_secret_post" },
    [customFetch]: withClientKey(options),
    profile(profile) {
      return {
        id: profile.data.user.open_id,
        name: profile.data.user.display_name,
        email: null,
        image: profile.data.user.avatar_url,
      }
    },
    style: { brandColor: "#000000" },
    options,
  }
}

/**
 * Copies `client_id` to `client_key` in token requests: TikTok's token endpoint only reads the
 * latter.
 * @see https://developers.tiktok.com/doc/oauth-user-access-token-management
 */
function withClientKey(options: FetchCarrier): typeof fetch {
  return (input, init) => {
    const fetchImpl = providerFetch(options)
    const body = init?.body
    const isToken = requestUrl(input).pathname.endsWith("/v2/oauth/token/")
    if (!isToken || !(typeof body === "string" || body instanceof URLSearchParams)) {
      return fetchImpl(input, init)
    }
    const params = new URLSearchParams(body)
    const clientId = params.get("client_id")
    if (clientId !== null && !params.has("client_key")) params.set("client_key", clientId)
    return fetchImpl(input, { ...init, body: params })
  }
}
