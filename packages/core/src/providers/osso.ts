/**
 * Sign in through SAML with Osso (an OAuth 2 bridge to SAML identity providers).
 *
 * Register the app in the Osso admin (Developer → OAuth clients) with the redirect URI
 * `<origin>/auth/callback/osso`, and set `issuer` to the Osso deployment's URL
 * (`AUTH_OSSO_ISSUER`).
 *
 * @see https://ossoapp.com/docs/
 * @module providers/osso
 */
import { userWithId } from "./internal/profile.js"
import { joinUrl } from "./internal/url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The response of Osso's `/oauth/me`. */
export interface OssoProfile {
  id: string
  email: string
  idp?: string
  requested?: { domain?: string; email?: string | null }
  [claim: string]: unknown
}

/**
 * Adds Osso sign-in on the deployment at `issuer` (with or without a trailing slash). The
 * profile is mapped like the engine's default (`id`, `email`). Pass `domain` or `email` as an
 * authorization parameter to pick the SAML identity provider.
 *
 * @example
 * import Osso from "@auth/core/providers/osso"
 *
 * const config = {
 *   providers: [
 *     Osso({
 *       clientId: env.AUTH_OSSO_ID,
 *       clientSecret: env.AUTH_OSSO_SECRET,
 *       issuer: env.AUTH_OSSO_ISSUER, // https://demo.ossoapp.com
 *     }),
 *   ],
 * }
 */
export default function Osso(config: OAuthUserConfig<OssoProfile> = {}): OAuthConfig<OssoProfile> {
  return {
    id: "osso",
    name: "Osso",
    type: "oauth",
    authorization: joinUrl(config.issuer, "oauth/authorize"),
    token: joinUrl(config.issuer, "oauth/token"),
    userinfo: joinUrl(config.issuer, "oauth/me"),
    profile: (profile) => userWithId(profile),
    options: config,
  }
}
