/**
 * Sign in with Okta (OpenID Connect).
 *
 * Callback URL to register in the Okta app integration (Sign-in redirect URIs):
 * `<origin>/auth/callback/okta`.
 *
 * @see https://developer.okta.com/docs/guides/sign-into-web-app-redirect/
 * @module providers/okta
 */

import { userFromClaims } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Okta's ID token.
 * @see https://developer.okta.com/docs/reference/api/oidc/#id-token-payload
 */
export interface OktaProfile {
  iss: string
  ver: string
  sub: string
  aud: string
  /** Seconds since the epoch. */
  iat: number
  /** Seconds since the epoch. */
  exp: number
  jti: string
  /** Seconds since the epoch. */
  auth_time: number
  amr: string[]
  idp: string
  nonce: string
  name: string
  nickname: string
  preferred_username: string
  given_name: string
  middle_name: string
  family_name: string
  email: string
  email_verified: boolean
  profile: string
  zoneinfo: string
  locale: string
  address: {
    street_address?: string
    locality?: string
    region?: string
    postal_code?: string
    country?: string
  }
  phone_number: string
  picture: string
  website: string
  gender: string
  birthdate: string
  /** Seconds since the epoch. */
  updated_at: number
  at_hash: string
  c_hash: string
  [claim: string]: unknown
}

/**
 * Adds Okta sign-in with PKCE and `state`. Set `issuer` to the org or authorization server URL,
 * e.g. `https://my-org.okta.com` or `https://my-org.okta.com/oauth2/default`.
 *
 * @example
 * import Okta from "@auth/core/providers/okta"
 *
 * const config = {
 *   providers: [
 *     Okta({
 *       clientId: env.AUTH_OKTA_ID,
 *       clientSecret: env.AUTH_OKTA_SECRET,
 *       issuer: "https://my-org.okta.com/oauth2/default",
 *     }),
 *   ],
 * }
 */
export default function Okta<P extends OktaProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "okta",
    name: "Okta",
    type: "oidc",
    issuer: options.issuer,
    checks: ["pkce", "state"],
    profile: (profile) => userFromClaims(profile),
    style: { brandColor: "#000000" },
    options,
  }
}
