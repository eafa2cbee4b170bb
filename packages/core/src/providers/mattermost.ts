/**
 * Sign in with a Mattermost server (OAuth 2, profile from `GET /api/v4/users/me`).
 *
 * Register an OAuth 2.0 application (Integrations → OAuth 2.0 Applications) with the callback
 * URL `<origin>/auth/callback/mattermost`, and set `issuer` to the server's URL
 * (`AUTH_MATTERMOST_ISSUER`).
 *
 * @see https://developers.mattermost.com/integrate/apps/authentication/oauth2/
 * @module providers/mattermost
 */
import { requireId } from "./internal/profile.js"
import { joinUrl } from "./internal/url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET /api/v4/users/me`.
 * @see https://api.mattermost.com/#tag/users/operation/GetUser
 */
export interface MattermostProfile {
  id: string
  create_at: number
  update_at: number
  delete_at: number
  username: string
  auth_data: string
  auth_service: string
  email: string
  email_verified: boolean
  nickname: string
  first_name: string
  last_name: string
  position: string
  roles: string
  notify_props: Record<string, string>
  last_password_update: number
  locale: string
  timezone: {
    automaticTimezone: string
    manualTimezone: string
    useAutomaticTimezone: string
  }
  disable_welcome_email: boolean
  terms_of_service_id?: string
  terms_of_service_create_at?: number
  [claim: string]: unknown
}

/**
 * Adds Mattermost sign-in on the server at `issuer`, authenticating with
 * `client_secret_post`. As in Auth.js, `issuer` only builds the endpoints: it is not kept in
 * the provider's options.
 *
 * @example
 * import Mattermost from "@auth/core/providers/mattermost"
 *
 * const config = {
 *   providers: [
 *     Mattermost({
 *       clientId: env.AUTH_MATTERMOST_ID,
 *       clientSecret: env.AUTH_MATTERMOST_SECRET,
 *       issuer: env.AUTH_MATTERMOST_ISSUER, // https://my-team.cloud.mattermost.com
 *     }),
 *   ],
 * }
 */
export default function Mattermost<P extends MattermostProfile>(
  config: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  const { issuer, ...rest } = config
  return {
    id: "mattermost",
    name: "Mattermost",
    type: "oauth",
    client: { token_endpoint_auth_method: "client_secret_post" },
    token: joinUrl(issuer, "/oauth/access_token"),
    authorization: joinUrl(issuer, "/oauth/authorize"),
    userinfo: joinUrl(issuer, "/api/v4/users/me"),
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.username ?? `${profile.first_name} ${profile.last_name}`,
        email: profile.email,
        image: null,
      }
    },
    style: { bg: "#000", text: "#fff" },
    options: rest,
  }
}
