/**
 * Sign in with Bitbucket Cloud (OAuth 2, profile from the 2.0 REST API).
 *
 * Callback URL to register in the Bitbucket workspace's OAuth consumer:
 * `<origin>/auth/callback/bitbucket`. Give the consumer the "Account: Read" permission.
 *
 * @see https://developer.atlassian.com/cloud/bitbucket/oauth-2/
 * @module providers/bitbucket
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

type LiteralUnion<T extends U, U = string> = T | (U & Record<never, never>)

/**
 * The response of `GET https://api.bitbucket.org/2.0/user`. It has no e-mail address.
 * @see https://developer.atlassian.com/cloud/bitbucket/rest/api-group-users/#api-user-get
 */
export interface BitbucketProfile {
  display_name: string
  links: Record<
    LiteralUnion<"self" | "avatar" | "repositories" | "snippets" | "html" | "hooks">,
    { href?: string }
  >
  created_on: string
  type: string
  uuid: string
  has_2fa_enabled: boolean | null
  username: string
  is_staff: boolean
  account_id: string
  nickname: string
  account_status: string
  location: string | null
  [claim: string]: unknown
}

/**
 * Adds Bitbucket sign-in with the `account` scope. The profile has no e-mail address, so the
 * user has none either (request `/2.0/user/emails` in a `userinfo.request` of your own if you
 * need it).
 *
 * @example
 * import Bitbucket from "@auth/core/providers/bitbucket"
 *
 * const config = {
 *   providers: [
 *     Bitbucket({ clientId: env.AUTH_BITBUCKET_ID, clientSecret: env.AUTH_BITBUCKET_SECRET }),
 *   ],
 * }
 */
export default function Bitbucket(
  options: OAuthUserConfig<BitbucketProfile> = {},
): OAuthConfig<BitbucketProfile> {
  return {
    id: "bitbucket",
    name: "Bitbucket",
    type: "oauth",
    authorization: {
      url: "https://bitbucket.org/site/oauth2/authorize",
      params: { scope: "account" },
    },
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: "https://api.bitbucket.org/2.0/user",
    profile(profile) {
      return {
        name: profile.display_name ?? profile.username,
        id: requireId(profile.account_id, "account_id"),
        image: profile.links?.avatar?.href,
      }
    },
    style: { text: "#fff", bg: "#205081" },
    options,
  }
}
