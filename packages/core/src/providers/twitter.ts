/**
 * Sign in with X, formerly Twitter (OAuth 2 with PKCE, profile from the X API v2).
 *
 * Callback URL to register in the X developer portal (User authentication settings → Callback
 * URI): `<origin>/auth/callback/twitter`.
 *
 * @see https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code
 * @see https://docs.x.com/x-api/users/user-lookup-me
 * @module providers/twitter
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET /2/users/me?user.fields=profile_image_url`.
 * @see https://docs.x.com/x-api/fundamentals/data-dictionary#user
 */
export interface TwitterProfile {
  data: {
    id: string
    name: string
    /** Not returned: the X API gives no e-mail address with these scopes. */
    email?: string
    username: string
    location?: string
    entities?: {
      url: {
        urls: Array<{
          start: number
          end: number
          url: string
          expanded_url: string
          display_url: string
        }>
      }
      description: {
        hashtags: Array<{ start: number; end: number; tag: string }>
      }
    }
    verified?: boolean
    description?: string
    url?: string
    profile_image_url?: string
    protected?: boolean
    pinned_tweet_id?: string
    created_at?: string
  }
  includes?: {
    tweets?: Array<{ id: string; text: string }>
  }
  [claim: string]: unknown
}

/**
 * Adds X (Twitter) sign-in with OAuth 2 and PKCE, scopes `users.read tweet.read offline.access`.
 * The e-mail address is not provided, so `email` is `null`.
 *
 * @example
 * import Twitter from "@auth/core/providers/twitter"
 *
 * const config = {
 *   providers: [Twitter({ clientId: env.AUTH_TWITTER_ID, clientSecret: env.AUTH_TWITTER_SECRET })],
 * }
 */
export default function Twitter(
  config: OAuthUserConfig<TwitterProfile> = {},
): OAuthConfig<TwitterProfile> {
  return {
    id: "twitter",
    name: "Twitter",
    type: "oauth",
    checks: ["pkce", "state"],
    authorization: {
      url: "https://x.com/i/oauth2/authorize",
      params: { scope: "users.read tweet.read offline.access" },
    },
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    profile({ data }) {
      return {
        id: data.id,
        name: data.name,
        email: data.email ?? null,
        image: data.profile_image_url ?? null,
      }
    },
    style: { brandColor: "#1da1f2" },
    options: config,
  }
}
