/**
 * The signed-in user's access token with a provider from a Hono handler: core's
 * `getAccessToken` on the request's app URL, refreshed when it has expired, with the session
 * cookie it re-seals (JWT sessions) set on the context's response.
 */
import {
  type AccessTokenOptions,
  type AppliedAccessTokenResult,
  getAccessToken as getAccessTokenOf,
  invalidHostAccessToken,
} from "@auth/core/server"
import type { Context } from "hono"
import { setCookies } from "./management.js"
import { prepare } from "./prepare.js"

/** Which token {@link getAccessToken} gives: the provider's id, or core's options. */
export type GetAccessTokenOptions = string | Omit<AccessTokenOptions, "origin">

/**
 * What {@link getAccessToken} gave: the token, or why not (core's codes, and `InvalidRequest`
 * for a `Host` no URL can have). Its cookies are already set on the response, and left out here.
 */
export type GetAccessTokenResult = AppliedAccessTokenResult

/**
 * The signed-in user's access token with `provider`, refreshed first when it has expired or is
 * about to (concurrent calls share one refresh). With JWT sessions (`session.storeTokens`) the
 * re-sealed session cookie is set on the response. Never throws: a failure is in `code` and
 * `error` (`SessionRequired` when signed out).
 *
 * @throws {TypeError} when `initAuthConfig()` is not registered for the route
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6
 * @example
 * app.get("/repos", async (c) => {
 *   const token = await getAccessToken(c, "github")
 *   if (token.error) return c.json({ error: token.code }, token.code === "SessionRequired" ? 401 : 502)
 *   const repos = await fetch("https://api.github.com/user/repos", {
 *     headers: { Authorization: `Bearer ${token.accessToken}` },
 *   })
 *   return c.json(await repos.json())
 * })
 */
export async function getAccessToken(
  c: Context,
  options: GetAccessTokenOptions,
): Promise<GetAccessTokenResult> {
  const { prepared, url } = prepare(c)
  // `authHandler()` answers such a request `400` too.
  if (!url) return invalidHostAccessToken()
  const request = new Request(url, { method: c.req.method, headers: c.req.raw.headers })
  const { cookies, ...result } = await getAccessTokenOf(request, prepared, options)
  setCookies(c, cookies)
  return result
}
