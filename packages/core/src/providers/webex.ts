/**
 * Sign in with Webex (OAuth 2, profile from `GET /v1/people/me`).
 *
 * Callback URL to register in the Webex integration ("Redirect URI(s)"):
 * `<origin>/auth/callback/webex`.
 *
 * @see https://developer.webex.com/docs/login-with-webex
 * @module providers/webex
 */
import { requireId } from "./internal/profile.js"
import { conformTokenResponse } from "./internal/token.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://webexapis.com/v1/people/me`.
 * @see https://developer.webex.com/docs/api/v1/people/get-my-own-details
 */
export interface WebexProfile {
  id: string
  emails: string[]
  displayName?: string
  avatar?: string
  [claim: string]: unknown
}

/** Webex-specific options. */
export interface WebexOptions {
  /**
   * The API's base URL, for other Webex environments.
   * @default "https://webexapis.com/v1"
   */
  apiBaseUrl?: string
}

/**
 * Adds Webex sign-in with the `spark:kms spark:people_read` scopes. The e-mail address is the
 * first of the user's. Webex's token response has no `token_type`; `bearer` is assumed.
 *
 * @example
 * import Webex from "@auth/core/providers/webex"
 *
 * const config = {
 *   providers: [Webex({ clientId: env.AUTH_WEBEX_ID, clientSecret: env.AUTH_WEBEX_SECRET })],
 * }
 */
export default function Webex<P extends WebexProfile>(
  config: OAuthUserConfig<P> & WebexOptions = {},
): OAuthConfig<P> {
  const apiBaseUrl = config.apiBaseUrl ?? "https://webexapis.com/v1"
  return {
    id: "webex",
    name: "Webex",
    type: "oauth",
    authorization: {
      url: `${apiBaseUrl}/authorize`,
      params: { scope: "spark:kms spark:people_read" },
    },
    token: { url: `${apiBaseUrl}/access_token`, conform: conformTokenResponse() },
    userinfo: `${apiBaseUrl}/people/me`,
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        email: profile.emails?.[0],
        name: profile.displayName,
        image: profile.avatar,
      }
    },
    options: config,
  }
}
