/**
 * Sign in with Threads (Threads API, OAuth 2).
 *
 * Callback URL to register in the Meta app (Threads use case → Settings → Redirect Callback
 * URLs): `<origin>/auth/callback/threads`. Threads requires HTTPS.
 *
 * @see https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions
 * @module providers/threads
 */
import { requireId } from "./internal/profile.js"
import { conformTokenResponse } from "./internal/token.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The fields of the Threads user. */
interface ThreadsUser {
  id: string
  username?: string
  threads_profile_picture_url?: string
  threads_biography?: string
}

/**
 * The response of `GET https://graph.threads.net/v1.0/me`. The API sends the fields at the top
 * level; the `data` wrapper is what Auth.js's type names, and is read too.
 * @see https://developers.facebook.com/docs/threads/threads-profiles
 */
export interface ThreadsProfile extends Partial<ThreadsUser> {
  data?: ThreadsUser
  [claim: string]: unknown
}

/**
 * Adds Threads sign-in with the `threads_basic` scope and the `state` check, authenticating with
 * `client_secret_post`. Threads' token response has no `token_type`; `bearer` is assumed.
 * Threads shares no e-mail address, so `email` is `null`.
 *
 * @example
 * import Threads from "@auth/core/providers/threads"
 *
 * const config = {
 *   providers: [
 *     Threads({ clientId: env.AUTH_THREADS_ID, clientSecret: env.AUTH_THREADS_SECRET }),
 *   ],
 * }
 */
export default function Threads(
  config: OAuthUserConfig<ThreadsProfile> = {},
): OAuthConfig<ThreadsProfile> {
  return {
    id: "threads",
    name: "Threads",
    type: "oauth",
    checks: ["state"],
    authorization: "https://threads.net/oauth/authorize?scope=threads_basic",
    token: {
      url: "https://graph.threads.net/oauth/access_token",
      conform: conformTokenResponse(),
    },
    userinfo: "https://graph.threads.net/v1.0/me?fields=id,username,threads_profile_picture_url",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      const user = profile.data ?? profile
      return {
        id: requireId(user.id, "id"),
        name: user.username || null,
        email: null,
        image: user.threads_profile_picture_url || null,
      }
    },
    style: { bg: "#000", text: "#fff" },
    options: config,
  }
}
