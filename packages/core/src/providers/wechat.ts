/**
 * Sign in with WeChat (Weixin OAuth 2: Official Account web pages or Website App QR login).
 *
 * Set the authorized callback domain in the WeChat platform (Official Account: "网页授权域名";
 * Website App on open.weixin.qq.com: "授权回调域") to the host of `<origin>`; the callback URL
 * is `<origin>/auth/callback/wechat`.
 *
 * @see https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html
 * @see https://developers.weixin.qq.com/doc/oplatform/Website_App/WeChat_Login/Wechat_Login.html
 * @module providers/wechat
 */
import { vendorAnswerError } from "../internal/oauth/vendor-response.js"
import { customFetch } from "../internal/symbols.js"
import {
  endpointUrl,
  type FetchCarrier,
  fetchVendorJson,
  providerFetch,
  requestUrl,
} from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import { conformTokenResponse, type ProviderErrorBody } from "./internal/token.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.weixin.qq.com/sns/userinfo`.
 * @see https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html#3
 */
export interface WeChatProfile {
  openid: string
  nickname: string
  sex: number
  province: string
  city: string
  country: string
  headimgurl: string
  privilege: string[]
  /** Only when the app is bound to a WeChat Open Platform account. */
  unionid?: string
  [claim: string]: unknown
}

/** WeChat-specific options. */
export interface WeChatOptions {
  /**
   * `OfficialAccount`: sign-in inside WeChat (web pages of an Official Account);
   * `WebsiteApp`: QR-code sign-in on a website.
   * @default "OfficialAccount"
   */
  platformType?: "OfficialAccount" | "WebsiteApp"
}

const TOKEN_URL = "https://api.weixin.qq.com/sns/oauth2/access_token"
const USERINFO_URL = "https://api.weixin.qq.com/sns/userinfo"

/**
 * Adds WeChat sign-in with the `state` check. WeChat differs from OAuth 2 throughout, and each
 * difference is handled here: the client id is `appid`, the token request is a GET with `appid`,
 * `secret`, `code` and `grant_type` in the query, the token response has no `token_type`, errors
 * come with status 200 as `{ errcode, errmsg }`, and the profile request takes `access_token`
 * and `openid` as query parameters. The id is `unionid`, or `openid` when the app has no
 * union id (Auth.js then stores a random id, so each sign-in made a new user).
 *
 * @example
 * import WeChat from "@auth/core/providers/wechat"
 *
 * const config = {
 *   providers: [
 *     WeChat({
 *       clientId: env.AUTH_WECHAT_APP_ID,
 *       clientSecret: env.AUTH_WECHAT_APP_SECRET,
 *       platformType: "OfficialAccount",
 *     }),
 *   ],
 * }
 */
export default function WeChat(
  options: OAuthUserConfig<WeChatProfile> & WeChatOptions = {},
): OAuthConfig<WeChatProfile> {
  const { clientId, clientSecret, platformType = "OfficialAccount" } = options
  const officialAccount = platformType === "OfficialAccount"
  return {
    id: "wechat",
    name: "WeChat",
    type: "oauth",
    style: { logo: "/wechat.svg", bg: "#fff", text: "#000" },
    checks: ["state"],
    authorization: {
      url: officialAccount
        ? "https://open.weixin.qq.com/connect/oauth2/authorize"
        : "https://open.weixin.qq.com/connect/qrconnect",
      params: {
        ...(clientId ? { appid: clientId } : {}),
        scope: officialAccount ? "snsapi_userinfo" : "snsapi_login",
      },
    },
    token: {
      url: TOKEN_URL,
      params: {
        ...(clientId ? { appid: clientId } : {}),
        ...(clientSecret ? { secret: clientSecret } : {}),
      },
      conform: conformTokenResponse({ readError: weChatError }),
    },
    // `appid` and `secret` travel in the query; no client authentication header is sent.
    client: { token_endpoint_auth_method: "none" },
    [customFetch]: tokenRequestAsGet(options),
    userinfo: {
      url: USERINFO_URL,
      async request({ tokens, provider }) {
        const url = new URL(endpointUrl(provider.userinfo) ?? USERINFO_URL)
        url.searchParams.set("access_token", String(tokens.access_token))
        url.searchParams.set("openid", requireId(tokens.openid, "openid"))
        url.searchParams.set("lang", "zh_CN")
        const body = await fetchVendorJson(provider, url)
        const error = weChatError(body)
        if (error) {
          throw vendorAnswerError(
            provider.id,
            `WeChat's userinfo answered ${error.error}: ${error.error_description}`,
          )
        }
        return body
      },
    },
    profile(profile) {
      return {
        id: requireId(profile.unionid ?? profile.openid, "unionid"),
        name: profile.nickname,
        email: null,
        image: profile.headimgurl,
      }
    },
    options,
  }
}

/** WeChat's `{ errcode, errmsg }` error, as an OAuth error (`errcode` 0 is success). */
function weChatError(body: Record<string, unknown>): ProviderErrorBody | undefined {
  if (body.errcode === undefined || body.errcode === 0) return undefined
  return { error: `wechat_${String(body.errcode)}`, error_description: String(body.errmsg ?? "") }
}

/**
 * Sends the token request as WeChat documents it: a GET with every parameter in the query
 * (`appid`, `secret`, `code`, `grant_type`); the engine's form body is moved there.
 * @see https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html#1
 */
function tokenRequestAsGet(options: FetchCarrier): typeof fetch {
  return (input, init) => {
    const fetchImpl = providerFetch(options)
    const url = requestUrl(input)
    const body = init?.body
    if (
      url.href.split("?")[0] !== TOKEN_URL ||
      !(typeof body === "string" || body instanceof URLSearchParams)
    ) {
      return fetchImpl(input, init)
    }
    for (const key of ["code", "grant_type"]) {
      const value = new URLSearchParams(body).get(key)
      if (value !== null) url.searchParams.set(key, value)
    }
    const headers = new Headers(init?.headers)
    headers.delete("content-type")
    return fetchImpl(url, { ...init, method: "GET", body: null, headers })
  }
}
