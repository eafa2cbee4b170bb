/**
 * Sign in with Auth0 (OpenID Connect).
 *
 * Callback URL to register in the Auth0 application (Allowed Callback URLs):
 * `<origin>/auth/callback/auth0`.
 *
 * @see https://auth0.com/docs/authenticate/protocols/openid-connect-protocol
 * @module providers/auth0
 */

import { userFromClaims } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * An Auth0 user profile.
 * @see https://auth0.com/docs/manage-users/user-accounts/user-profiles/user-profile-structure
 */
export interface Auth0Profile {
  sub: string
  app_metadata: object
  blocked: boolean
  /** ISO 8601 date-time. */
  created_at: string
  email: string
  email_verified: boolean
  family_name: string
  given_name: string
  user_metadata: object
  username: string
  identities: Array<{
    connection: string
    isSocial: boolean
    provider: string
    user_id: string
    profileData: object
    [key: string]: unknown
  }>
  last_ip: string
  /** ISO 8601 date-time. */
  last_login: string
  /** ISO 8601 date-time. */
  last_password_reset: string
  logins_count: number
  multifactor: string
  name: string
  nickname: string
  phone_number: string
  phone_verified: boolean
  picture: string
  /** ISO 8601 date-time. */
  updated_at: string
  user_id: string
  [claim: string]: unknown
}

/**
 * Adds Auth0 sign-in. Set `issuer` to the tenant's domain, e.g. `https://my-tenant.eu.auth0.com`
 * (or `AUTH_AUTH0_ISSUER`); endpoints come from its discovery document.
 *
 * @example
 * import Auth0 from "@auth/core/providers/auth0"
 *
 * const config = {
 *   providers: [
 *     Auth0({
 *       clientId: env.AUTH_AUTH0_ID,
 *       clientSecret: env.AUTH_AUTH0_SECRET,
 *       issuer: "https://my-tenant.eu.auth0.com",
 *     }),
 *   ],
 * }
 */
export default function Auth0(config: OIDCUserConfig<Auth0Profile> = {}): OIDCConfig<Auth0Profile> {
  return {
    id: "auth0",
    name: "Auth0",
    type: "oidc",
    issuer: config.issuer,
    profile: (profile) => userFromClaims(profile),
    style: { brandColor: "#EB5424" },
    options: config,
  }
}
