/**
 * Sign in with a Mastodon server (OAuth 2, profile from `verify_credentials`).
 *
 * Register the app on the server (Preferences → Development → New application) with the
 * redirect URI `<origin>/auth/callback/mastodon`, and set `issuer` to the server's URL, e.g.
 * `https://mastodon.social` (`AUTH_MASTODON_ISSUER`).
 *
 * @see https://docs.joinmastodon.org/client/token/
 * @see https://docs.joinmastodon.org/methods/accounts/#verify_credentials
 * @module providers/mastodon
 */
import { requireId } from "./internal/profile.js"
import { joinUrl } from "./internal/url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET /api/v1/accounts/verify_credentials`.
 * @see https://docs.joinmastodon.org/entities/Account/
 */
export interface MastodonProfile {
  id: string
  username: string
  acct: string
  display_name: string
  locked: boolean
  bot: boolean
  created_at: string
  note: string
  url: string
  avatar: string
  avatar_static: string
  header: string
  header_static: string
  followers_count: number
  following_count: number
  statuses_count: number
  last_status_at: string | null
  [claim: string]: unknown
}

/**
 * Adds Mastodon sign-in with the `read` scope on the server at `issuer`. Mastodon shares no
 * e-mail address, so `email` is `null`.
 *
 * @example
 * import Mastodon from "@auth/core/providers/mastodon"
 *
 * const config = {
 *   providers: [
 *     Mastodon({
 *       clientId: env.AUTH_MASTODON_ID,
 *       clientSecret: env.AUTH_MASTODON_SECRET,
 *       issuer: env.AUTH_MASTODON_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function Mastodon<P extends MastodonProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "mastodon",
    name: "Mastodon",
    type: "oauth",
    authorization: joinUrl(options.issuer, "/oauth/authorize?scope=read"),
    token: joinUrl(options.issuer, "/oauth/token"),
    userinfo: joinUrl(options.issuer, "/api/v1/accounts/verify_credentials"),
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.username,
        image: profile.avatar_static,
        email: null,
      }
    },
    options,
  }
}
