/**
 * Sign in with osu! (OAuth 2, profile from the API v2).
 *
 * Callback URL to register in the osu! account settings (OAuth → New OAuth Application):
 * `<origin>/auth/callback/osu`.
 *
 * @see https://osu.ppy.sh/docs/index.html#authentication
 * @module providers/osu
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The compact user of the osu! API. */
export interface OsuUserCompact {
  avatar_url: string
  country_code: string
  default_group: string
  id: number
  is_active: boolean
  is_bot: boolean
  is_deleted: boolean
  is_online: boolean
  is_supporter: boolean
  /** ISO 8601 date-time. */
  last_visit: string | null
  pm_friends_only: boolean
  profile_colour: string | null
  username: string
}

/**
 * The response of `GET https://osu.ppy.sh/api/v2/me`.
 * @see https://osu.ppy.sh/docs/index.html#get-own-data
 */
export interface OsuProfile extends OsuUserCompact {
  discord: string | null
  has_supported: boolean
  interests: string | null
  /** ISO 8601 date-time. */
  join_date: string
  kudosu: { available: number; total: number }
  location: string | null
  max_blocks: number
  max_friends: number
  occupation: string | null
  playmode: string
  playstyle: string[]
  post_count: number
  profile_order: string[]
  title: string | null
  title_url: string | null
  twitter: string | null
  website: string | null
  country: { code: string; name: string }
  cover: { custom_url: string | null; url: string; id: number | null }
  is_restricted: boolean
  [claim: string]: unknown
}

/**
 * Adds osu! sign-in with the `identify` scope. osu! shares no e-mail address, so `email` is
 * `null`.
 *
 * @example
 * import Osu from "@auth/core/providers/osu"
 *
 * const config = {
 *   providers: [Osu({ clientId: env.AUTH_OSU_ID, clientSecret: env.AUTH_OSU_SECRET })],
 * }
 */
export default function Osu<P extends OsuProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "osu",
    name: "osu!",
    type: "oauth",
    token: "https://osu.ppy.sh/oauth/token",
    authorization: "https://osu.ppy.sh/oauth/authorize?scope=identify",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        email: null,
        name: profile.username,
        image: profile.avatar_url,
      }
    },
    options,
  }
}
