/**
 * Sign in with Zoom (OAuth 2, profile from `GET /v2/users/me`).
 *
 * Callback URL to register in the Zoom App Marketplace app ("Redirect URL for OAuth" and the
 * allow list): `<origin>/auth/callback/zoom`.
 *
 * @see https://developers.zoom.us/docs/integrations/oauth/
 * @module providers/zoom
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.zoom.us/v2/users/me`.
 * @see https://developers.zoom.us/docs/api/users/#tag/users/GET/users/{userId}
 */
export interface ZoomProfile {
  id: string
  first_name: string
  last_name: string
  email: string
  type: number
  role_name: string
  pmi: number
  use_pmi: boolean
  vanity_url: string
  personal_meeting_url: string
  timezone: string
  verified: number
  dept: string
  created_at: string
  last_login_time: string
  last_client_version: string
  pic_url: string
  host_key: string
  jid: string
  group_ids: string[]
  im_group_ids: string[]
  account_id: string
  language: string
  phone_country: string
  phone_number: string
  status: string
  [claim: string]: unknown
}

/**
 * Adds Zoom sign-in. No scope is requested: the app's configured scopes apply.
 *
 * @example
 * import Zoom from "@auth/core/providers/zoom"
 *
 * const config = {
 *   providers: [Zoom({ clientId: env.AUTH_ZOOM_ID, clientSecret: env.AUTH_ZOOM_SECRET })],
 * }
 */
export default function Zoom(config: OAuthUserConfig<ZoomProfile> = {}): OAuthConfig<ZoomProfile> {
  return {
    id: "zoom",
    name: "Zoom",
    type: "oauth",
    authorization: "https://zoom.us/oauth/authorize?scope",
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: `${profile.first_name} ${profile.last_name}`,
        email: profile.email,
        image: profile.pic_url,
      }
    },
    style: { bg: "#0b5cff", text: "#fff" },
    options: config,
  }
}
