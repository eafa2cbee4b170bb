/**
 * Sign in with Reddit (OAuth 2, profile from `GET /api/v1/me`).
 *
 * Callback URL to register in the Reddit app (reddit.com/prefs/apps, "redirect uri"):
 * `<origin>/auth/callback/reddit`.
 *
 * @see https://github.com/reddit-archive/reddit/wiki/OAuth2
 * @module providers/reddit
 */
import { userWithId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://oauth.reddit.com/api/v1/me`.
 * @see https://www.reddit.com/dev/api/#GET_api_v1_me
 */
export interface RedditProfile {
  id: string
  name: string
  icon_img?: string
  [claim: string]: unknown
}

/**
 * Adds Reddit sign-in with the `identity` scope and the `state` check. The profile is mapped
 * like the engine's default (`id`, `name`); Reddit shares no e-mail address.
 *
 * @example
 * import Reddit from "@auth/core/providers/reddit"
 *
 * const config = {
 *   providers: [Reddit({ clientId: env.AUTH_REDDIT_ID, clientSecret: env.AUTH_REDDIT_SECRET })],
 * }
 */
export default function Reddit(
  config: OAuthUserConfig<RedditProfile> = {},
): OAuthConfig<RedditProfile> {
  return {
    id: "reddit",
    name: "Reddit",
    type: "oauth",
    authorization: "https://www.reddit.com/api/v1/authorize?scope=identity",
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: "https://oauth.reddit.com/api/v1/me",
    checks: ["state"],
    profile: (profile) => userWithId(profile),
    style: { brandColor: "#FF4500" },
    options: config,
  }
}
