/**
 * Sign in with a Nextcloud server (OAuth 2, profile from the user provisioning API).
 *
 * Add an OAuth 2.0 client (Administration settings → Security) with the redirection URI
 * `<origin>/auth/callback/nextcloud`, and set `issuer` to the server's URL
 * (`AUTH_NEXTCLOUD_ISSUER`).
 *
 * @see https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/oauth2.html
 * @see https://docs.nextcloud.com/server/latest/admin_manual/configuration_user/user_provisioning_api.html
 * @module providers/nextcloud
 */
import { endpointUrl, fetchVendorJson } from "./internal/fetch.js"
import { requireId } from "./internal/profile.js"
import { joinUrl } from "./internal/url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The `ocs.data` of `GET /ocs/v1.php/cloud/users/<user id>`.
 * @see https://docs.nextcloud.com/server/latest/admin_manual/configuration_user/instruction_set_for_users.html
 */
export interface NextcloudProfile {
  id: string
  email: string | null
  displayname: string
  phone: string
  address: string
  website: string
  twitter: string
  fediverse: string
  organisation: string
  role: string
  headline: string
  biography: string
  groups: string[]
  language: string
  locale: string
  enabled: boolean
  storageLocation: string
  [claim: string]: unknown
}

/**
 * Adds Nextcloud sign-in on the server at `issuer`. The token response names the user
 * (`user_id`), whose profile is then read from the provisioning API; the image is the user's
 * avatar on the server.
 *
 * @example
 * import Nextcloud from "@auth/core/providers/nextcloud"
 *
 * const config = {
 *   providers: [
 *     Nextcloud({
 *       clientId: env.AUTH_NEXTCLOUD_ID,
 *       clientSecret: env.AUTH_NEXTCLOUD_SECRET,
 *       issuer: env.AUTH_NEXTCLOUD_ISSUER, // https://cloud.example.com
 *     }),
 *   ],
 * }
 */
export default function Nextcloud(
  options: OAuthUserConfig<NextcloudProfile> = {},
): OAuthConfig<NextcloudProfile> {
  const usersUrl = joinUrl(options.issuer, "/ocs/v1.php/cloud/users")
  return {
    id: "nextcloud",
    name: "Nextcloud",
    type: "oauth",
    authorization: joinUrl(options.issuer, "/apps/oauth2/authorize"),
    token: joinUrl(options.issuer, "/apps/oauth2/api/v1/token"),
    userinfo: {
      url: usersUrl,
      async request({ tokens, provider }) {
        const userId = requireId(tokens.user_id, "user_id")
        const base = endpointUrl(provider.userinfo) ?? usersUrl
        const body = await fetchVendorJson(
          provider,
          `${base}/${encodeURIComponent(userId)}`,
          {
            headers: {
              "OCS-APIRequest": "true",
              Authorization: `Bearer ${tokens.access_token}`,
              Accept: "application/json",
            },
          },
          "The user provisioning API",
        )
        return (body.ocs as { data?: unknown } | undefined)?.data
      },
    },
    profile(profile) {
      const id = requireId(profile.id, "id")
      return {
        id,
        name: profile.displayname,
        email: profile.email,
        image: joinUrl(options.issuer, `/avatar/${encodeURIComponent(id)}/512`),
      }
    },
    style: { logo: "/nextcloud.svg", bg: "#fff", text: "#0082C9" },
    options,
  }
}
