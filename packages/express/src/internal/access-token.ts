/**
 * The signed-in user's access token with a provider from an Express route: core's
 * `getAccessToken` on the request's app URL, refreshed when it has expired, with the session
 * cookie it re-seals (JWT sessions) set on `res`.
 */
import {
  type AccessTokenOptions,
  type AppliedAccessTokenResult,
  getAccessToken as getAccessTokenOf,
  invalidHostAccessToken,
} from "@auth/core/server"
import type { Request as ExpressRequest, Response as ExpressResponse } from "express"
import { type ExpressAuthConfig, prepare } from "./config.js"
import { setCookies } from "./management.js"
import { requestHeaders, requestURL } from "./request.js"

/** Which token {@link getAccessToken} gives: the provider's id, or core's options. */
export type GetAccessTokenOptions = string | Omit<AccessTokenOptions, "origin">

/**
 * What {@link getAccessToken} gave: the token, or why not (core's codes, and `InvalidRequest`
 * for a `Host` no URL can have). Its cookies are already set on `res`, and left out here.
 */
export type GetAccessTokenResult = AppliedAccessTokenResult

/**
 * The signed-in user's access token with `provider`, refreshed first when it has expired or is
 * about to (concurrent calls share one refresh). With JWT sessions (`session.storeTokens`) the
 * re-sealed session cookie is set on `res`. Never throws: a failure is in `code` and `error`
 * (`SessionRequired` when signed out).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6
 * @example
 * app.get("/repos", async (req, res) => {
 *   const token = await getAccessToken(req, res, authConfig, "github")
 *   if (token.error) return void res.status(token.code === "SessionRequired" ? 401 : 502).end()
 *   const repos = await fetch("https://api.github.com/user/repos", {
 *     headers: { Authorization: `Bearer ${token.accessToken}` },
 *   })
 *   res.json(await repos.json())
 * })
 */
export async function getAccessToken(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
  options: GetAccessTokenOptions,
): Promise<GetAccessTokenResult> {
  const prepared = prepare(config)
  const url = requestURL(req, prepared)
  // `ExpressAuth` answers such a request `400` too.
  if (!url) return invalidHostAccessToken()
  const request = new Request(url, { method: req.method, headers: requestHeaders(req) })
  const { cookies, ...result } = await getAccessTokenOf(request, prepared, options)
  setCookies(res, cookies)
  return result
}
