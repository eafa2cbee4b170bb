/**
 * Sign in with Dropbox (OAuth 2, account from `users/get_current_account`).
 *
 * Callback URL to register in the Dropbox app console ("Redirect URIs"):
 * `<origin>/auth/callback/dropbox`. Give the app the `account_info.read` permission.
 *
 * @see https://developers.dropbox.com/oauth-guide
 * @see https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account
 * @module providers/dropbox
 */
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `POST https://api.dropboxapi.com/2/users/get_current_account`.
 * @see https://www.dropbox.com/developers/documentation/http/documentation#users-get_current_account
 */
export interface DropboxProfile {
  account_id: string
  name: {
    given_name: string
    surname: string
    familiar_name: string
    display_name: string
    abbreviated_name: string
  }
  email: string
  email_verified: boolean
  profile_photo_url?: string
  [claim: string]: unknown
}

const ACCOUNT_URL = "https://api.dropboxapi.com/2/users/get_current_account"

/**
 * Adds Dropbox sign-in with the `account_info.read` scope and an offline (refreshable) token.
 * Dropbox's account endpoint is an RPC call: a POST without a body.
 *
 * @example
 * import Dropbox from "@auth/core/providers/dropbox"
 *
 * const config = {
 *   providers: [
 *     Dropbox({ clientId: env.AUTH_DROPBOX_ID, clientSecret: env.AUTH_DROPBOX_SECRET }),
 *   ],
 * }
 */
export default function Dropbox(
  options: OAuthUserConfig<DropboxProfile> = {},
): OAuthConfig<DropboxProfile> {
  return {
    id: "dropbox",
    name: "Dropbox",
    type: "oauth",
    authorization: {
      url: "https://www.dropbox.com/oauth2/authorize",
      params: { token_access_type: "offline", scope: "account_info.read" },
    },
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: {
      url: ACCOUNT_URL,
      request({ tokens, provider }) {
        return fetchVendorJson(provider, endpointUrl(provider.userinfo) ?? ACCOUNT_URL, {
          method: "POST",
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        })
      },
    },
    profile(profile) {
      return {
        id: requireId(profile.account_id, "account_id"),
        name: profile.name?.display_name,
        email: profile.email,
        image: profile.profile_photo_url,
      }
    },
    style: { brandColor: "#0061fe" },
    options,
  }
}
