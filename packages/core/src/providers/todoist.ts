/**
 * Sign in with Todoist (OAuth 2, user from the Sync API).
 *
 * Callback URL to register in the Todoist App Management console ("OAuth redirect URL"):
 * `<origin>/auth/callback/todoist`.
 *
 * @see https://developer.todoist.com/guides/#oauth
 * @module providers/todoist
 */
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The `user` of the Sync API's answer.
 * @see https://developer.todoist.com/sync/v9/#user
 */
export interface TodoistProfile {
  avatar_big: string
  email: string
  full_name: string
  id: string
  [claim: string]: unknown
}

const SYNC_URL = "https://api.todoist.com/sync/v9/sync"

/**
 * Adds Todoist sign-in with the `data:read` scope, authenticating with `client_secret_post`.
 * The user is read with a Sync API request for the `user` resource.
 *
 * @example
 * import Todoist from "@auth/core/providers/todoist"
 *
 * const config = {
 *   providers: [
 *     Todoist({ clientId: env.AUTH_TODOIST_ID, clientSecret: env.AUTH_TODOIST_SECRET }),
 *   ],
 * }
 */
export default function TodoistProvider<P extends TodoistProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "todoist",
    name: "Todoist",
    type: "oauth",
    authorization: {
      url: "https://todoist.com/oauth/authorize",
      params: { scope: "data:read" },
    },
    token: "https://todoist.com/oauth/access_token",
    client: { token_endpoint_auth_method: "client_secret_post" },
    userinfo: {
      async request({ tokens, provider }) {
        const body = await fetchVendorJson(provider, endpointUrl(provider.userinfo) ?? SYNC_URL, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${tokens.access_token}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({ sync_token: "*", resource_types: '["user"]' }),
        })
        return body.user
      },
    },
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        email: profile.email,
        name: profile.full_name,
        image: profile.avatar_big,
      }
    },
    style: { text: "#000", bg: "#E44332" },
    options,
  }
}
