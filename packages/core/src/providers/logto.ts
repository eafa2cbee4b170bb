/**
 * Sign in with Logto (OpenID Connect).
 *
 * Create a "Traditional web" application in the Logto console with the redirect URI
 * `<origin>/auth/callback/logto`; the issuer is the endpoint's `…/oidc`, e.g.
 * `https://my-tenant.logto.app/oidc`.
 *
 * @see https://docs.logto.io/quick-starts/next-auth
 * @module providers/logto
 */
import { requireId } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Logto's ID token.
 * @see https://docs.logto.io/docs/references/openid-connect/id-token-claims/
 */
export interface LogtoProfile {
  sub: string
  name: string
  username: string
  picture: string
  email: string
  email_verified: boolean
  phone_number: string
  phone_number_verified: boolean
  address: string
  custom_data: object
  identities: object
  sso_identities: object[]
  organizations: string[]
  organization_data: object[]
  organization_roles: string[]
  [claim: string]: unknown
}

/**
 * Adds Logto sign-in on `issuer` (`AUTH_LOGTO_ISSUER`) with the
 * `offline_access openid email profile` scopes. The name falls back to the username.
 *
 * @example
 * import Logto from "@auth/core/providers/logto"
 *
 * const config = {
 *   providers: [
 *     Logto({
 *       clientId: env.AUTH_LOGTO_ID,
 *       clientSecret: env.AUTH_LOGTO_SECRET,
 *       issuer: env.AUTH_LOGTO_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function Logto(
  options: OIDCUserConfig<LogtoProfile> = {},
): OIDCConfig<LogtoProfile> {
  return {
    id: "logto",
    name: "Logto",
    type: "oidc",
    authorization: { params: { scope: "offline_access openid email profile" } },
    profile(profile) {
      return {
        id: requireId(profile.sub, "sub"),
        name: profile.name ?? profile.username,
        email: profile.email,
        image: profile.picture,
      }
    },
    options,
  }
}
