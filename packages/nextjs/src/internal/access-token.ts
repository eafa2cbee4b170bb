/**
 * The signed-in user's access token with a provider from server code: core's `getAccessToken`
 * on the request `headers()` describes, refreshed when it has expired, with the re-sealed
 * session cookie (JWT sessions) set through `cookies()` where Next.js allows it.
 */
import { applySetCookies } from "@auth/core/cookie"
import {
  type AccessTokenOptions,
  getAccessToken,
  invalidHostAccessToken,
  setCookieHeaders,
} from "@auth/core/server"
import type { Cookie } from "@auth/core/types"
import { cookies, headers } from "next/headers.js"
import { setCookies } from "./actions.js"
import { appURL, type LoadConfig, type ReadyConfig } from "./config.js"
import { renderedCookieHeader } from "./request-cookies.js"
import type { AccessTokenResult } from "./types.js"

/** `getAccessToken` of {@link NextAuthResult}, on the config `load` gives. */
export function accessTokenFunction(
  load: LoadConfig,
): (options: AccessTokenOptions | string) => Promise<AccessTokenResult> {
  return async (options) => {
    const config = await load(undefined)
    const request = await renderedRequest(config)
    // Next.js would not route such a request; core answers it `400 InvalidRequest`.
    if (!request) return invalidHostAccessToken()
    const { cookies: refreshed, ...result } = await getAccessToken(
      request,
      config.prepared,
      options,
    )
    await setCookiesIfAllowed(refreshed)
    return result
  }
}

/** `req.getAccessToken` of a wrapped handler, and the cookies its calls re-sealed. */
export interface RequestAccessTokens {
  get(options: AccessTokenOptions | string): Promise<AccessTokenResult>
  /** `Set-Cookie` values of the re-sealed session cookie (JWT sessions), oldest first. */
  readonly setCookie: string[]
}

/**
 * `req.getAccessToken` for middleware, `proxy.ts` and route handlers wrapped with `auth(handler)`:
 * core's `getAccessToken` on `request` at the app's `url`. The re-sealed cookies are collected
 * in `setCookie` for the wrapper to set on the response and hand on to the request Next.js then
 * renders, so that its Server Components read the refreshed tokens instead of refreshing again
 * (next-auth #7558). A second call in the same handler reads the first one's cookies.
 */
export function requestAccessTokens(
  request: Request,
  url: URL,
  config: ReadyConfig,
): RequestAccessTokens {
  const setCookie: string[] = []
  return {
    setCookie,
    async get(options) {
      const headers = new Headers(request.headers)
      headers.set("cookie", applySetCookies(request.headers.get("cookie"), setCookie))
      const { cookies: refreshed, ...result } = await getAccessToken(
        new Request(url, { headers }),
        config.prepared,
        options,
      )
      setCookie.push(...setCookieHeaders(refreshed))
      return result
    },
  }
}

/**
 * The request being handled on the app's URL, its `Cookie` header as `auth()` reads it: with the
 * cookies this request already set replayed on it (a refresh earlier in the same server action,
 * a middleware's override), so a second call does not refresh again. `null` for a `Host` no URL
 * can have.
 */
async function renderedRequest(config: ReadyConfig): Promise<Request | null> {
  const [incoming, jar] = await Promise.all([headers(), cookies()])
  const url = appURL(config, incoming)
  if (!url) return null
  const forwarded = new Headers(incoming)
  forwarded.set("cookie", renderedCookieHeader(incoming.get("cookie"), jar.getAll()))
  return new Request(url, { headers: forwarded })
}

/**
 * Sets the re-sealed session cookie in route handlers and server actions. A Server Component
 * cannot set cookies (`cookies().set()` throws there): the token is handed out all the same, and
 * the browser keeps the replaced cookie, for which core hands out the session's newest tokens
 * from `session.store` instead of spending the old refresh token again.
 */
async function setCookiesIfAllowed(list: Cookie[]): Promise<void> {
  try {
    await setCookies(list)
  } catch {
    // Rendering a Server Component: Next.js allows no cookie here (see above).
  }
}
