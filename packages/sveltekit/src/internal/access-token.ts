/**
 * The signed-in user's access token with a provider from server code (a `load`, a form action,
 * an endpoint): core's `getAccessToken` on `event.request`, refreshed when it has expired, with
 * the session cookie it re-seals (JWT sessions) set through `event.cookies` (and seen by a later
 * `locals.auth()` of the same request).
 */
import {
  type AccessTokenOptions,
  type AppliedAccessTokenResult,
  getAccessToken,
} from "@auth/core/server"
import type { RequestEvent } from "@sveltejs/kit"
import { requireConfig } from "./actions.js"
import type { ConfigLookup } from "./config.js"
import { setActionCookies } from "./session.js"

/** Which token {@link AccessTokenHelpers.getAccessToken} gives: the provider's id, or core's options. */
export type GetAccessTokenOptions = string | Omit<AccessTokenOptions, "origin">

/**
 * What {@link AccessTokenHelpers.getAccessToken} gave: the token, or why not (`code` and
 * `error`). Its cookies are already set through `event.cookies`, and left out here.
 */
export type GetAccessTokenResult = AppliedAccessTokenResult

/** The signed-in user's access tokens with their providers, for the request `event`. */
export interface AccessTokenHelpers {
  /**
   * The signed-in user's access token with `provider`, refreshed first when it has expired or
   * is about to (concurrent calls share one refresh). With JWT sessions
   * (`session.storeTokens`) the re-sealed session cookie is set through `event.cookies`. Never
   * throws (`{ code, error }`: `SessionRequired` when signed out), except SvelteKit's `500` when
   * a config function throws.
   *
   * @see https://www.rfc-editor.org/rfc/rfc6749#section-6
   * @example
   * // src/routes/repos/+page.server.ts
   * export const load = async (event) => {
   *   const token = await getAccessToken(event, "github")
   *   if (token.error) error(token.code === "SessionRequired" ? 401 : 502, token.code)
   *   const repos = await event.fetch("https://api.github.com/user/repos", {
   *     headers: { Authorization: `Bearer ${token.accessToken}` },
   *   })
   *   return { repos: await repos.json() }
   * }
   */
  getAccessToken(event: RequestEvent, options: GetAccessTokenOptions): Promise<GetAccessTokenResult>
}

/** The helper of {@link AccessTokenHelpers}, on the config `lookupConfig` finds per request. */
export function createAccessTokenHelpers(lookupConfig: ConfigLookup): AccessTokenHelpers {
  return {
    async getAccessToken(event, options) {
      const prepared = await requireConfig(event, lookupConfig)
      const { cookies, ...result } = await getAccessToken(
        event.request,
        prepared,
        typeof options === "string" ? { provider: options } : options,
      )
      setActionCookies(event, cookies)
      return result
    },
  }
}
