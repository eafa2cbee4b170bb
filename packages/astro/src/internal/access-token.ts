/**
 * The signed-in user's access token with a provider, from server code (a page, an endpoint, an
 * Astro action): core's `getAccessToken` on the request, refreshed when it has expired, with the
 * re-sealed session cookie (JWT sessions) set through Astro's `cookies`.
 */
import {
  type AccessTokenOptions,
  type AppliedAccessTokenResult,
  getAccessToken as getAccessTokenOf,
} from "@auth/core/server"
import type { Cookie } from "@auth/core/types"
import type { APIContext } from "astro"
import { prepare } from "./config.js"
import type { FullAuthConfig } from "./options.js"

/** What `getAccessToken` needs: the request, and Astro's `cookies` to set the session cookie. */
export type AccessTokenContext = Pick<APIContext, "request" | "cookies">

/**
 * What `getAccessToken` gave: `{ accessToken, expiresAt, scope, tokenType }`, or `{ code, error }`
 * (`SessionRequired`, `AccountNotFound`, `RefreshAccessTokenError`, `Configuration`,
 * `DatabaseUnavailable`). Its cookies are already set through `cookies`, and left out here: an
 * action's result goes to the browser.
 */
export type AccessTokenResult = AppliedAccessTokenResult

/**
 * The signed-in user's access token with `options.provider`, refreshed first when it has
 * expired or expires within `skew` seconds (one refresh however many requests ask at once).
 * JWT sessions need `session: { storeTokens: true }`; the re-sealed session cookie is set
 * through `context.cookies`. It never throws: a failure is in `code` and `error`.
 *
 * @param context `Astro` in a page, the `context` in an endpoint or action
 * @param options the provider's id, or options naming it (`providerAccountId`, `skew`,
 *   `forceRefresh`)
 * @param config the auth config; by default the one of `auth.config` (`auth:config`)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 Refreshing an access token
 * @example
 * ---
 * import { getAccessToken } from "@auth/astro/server"
 * const token = await getAccessToken(Astro, { provider: "github" })
 * const repos = token.error ? [] : await fetch("https://api.github.com/user/repos", {
 *   headers: { Authorization: `Bearer ${token.accessToken}` },
 * }).then((response) => response.json())
 * ---
 */
export async function getAccessToken(
  context: AccessTokenContext,
  options: AccessTokenOptions | string,
  config?: FullAuthConfig,
): Promise<AccessTokenResult> {
  const { cookies, ...result } = await getAccessTokenOf(context.request, prepare(config), options)
  for (const cookie of cookies) setCookie(context.cookies, cookie)
  return result
}

/** Sets one of core's cookies through Astro's `cookies` (which percent-encodes, as core does). */
function setCookie(cookies: APIContext["cookies"], { name, value, options }: Cookie): void {
  const { priority: _priority, ...supported } = options
  cookies.set(name, value, supported)
}
