/**
 * The signed-in user's access token with a provider, from server functions: core's
 * `getAccessToken` on the request's app URL, refreshed when it has expired, with the re-sealed
 * session cookie (JWT sessions) on the event's response.
 */
import {
  type AccessTokenOptions,
  type AppliedAccessTokenResult,
  getAccessToken,
  invalidHostAccessToken,
  type PreparedConfig,
  setCookieHeaders,
} from "@auth/core/server"
import type { SolidRequestEvent } from "./event.js"
import { appRequestOf } from "./request-url.js"
import { appendSessionCookies, forgetSession } from "./session.js"

/**
 * What `getAccessToken` gave: `{ accessToken, expiresAt, scope, tokenType }`, or `{ code, error }`
 * (core's codes, and `InvalidRequest` for a `Host` no URL can have). Its cookies are already on
 * the event's response, and left out here: a server function's result goes to the browser.
 */
export type AccessTokenResult = AppliedAccessTokenResult

/**
 * The signed-in user's access token with `options.provider` on the event's request, refreshed
 * first when it has expired or is about to (one refresh however many requests ask at once).
 * Never throws.
 */
export async function getAccessTokenOnServer(
  event: SolidRequestEvent,
  prepared: PreparedConfig,
  options: AccessTokenOptions | string,
): Promise<AccessTokenResult> {
  const request = appRequestOf(event, prepared)
  // Core would not route such a request either (`400 InvalidRequest`).
  if (!request) return invalidHostAccessToken()
  const { cookies, ...result } = await getAccessToken(request, prepared, options)
  if (cookies.length > 0) {
    forgetSession(event)
    if (event.response) appendSessionCookies(event.response.headers, setCookieHeaders(cookies))
  }
  return result
}
