/**
 * Sign in with Keycloak (OpenID Connect).
 *
 * Callback URL to register in the Keycloak client (Valid redirect URIs):
 * `<origin>/auth/callback/keycloak`.
 *
 * @see https://www.keycloak.org/docs/latest/securing_apps/#_oidc
 * @module providers/keycloak
 */

import { userFromClaims } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Keycloak's ID token with the default client scopes.
 * @see https://www.keycloak.org/docs/latest/server_admin/#_oidc_token_and_saml_assertion_mappings
 */
export interface KeycloakProfile {
  exp: number
  iat: number
  auth_time: number
  jti: string
  iss: string
  aud: string
  sub: string
  typ: string
  azp: string
  session_state: string
  at_hash: string
  acr: string
  sid: string
  email_verified: boolean
  name: string
  preferred_username: string
  given_name: string
  family_name: string
  email: string
  picture: string
  user: unknown
  [claim: string]: unknown
}

/**
 * Adds Keycloak sign-in. Set `issuer` to the realm URL, e.g.
 * `https://keycloak.example.com/realms/my-realm`; the name falls back to `preferred_username`.
 *
 * @example
 * import Keycloak from "@auth/core/providers/keycloak"
 *
 * const config = {
 *   providers: [
 *     Keycloak({
 *       clientId: env.AUTH_KEYCLOAK_ID,
 *       clientSecret: env.AUTH_KEYCLOAK_SECRET,
 *       issuer: "https://keycloak.example.com/realms/my-realm",
 *     }),
 *   ],
 * }
 */
export default function Keycloak<P extends KeycloakProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "keycloak",
    name: "Keycloak",
    type: "oidc",
    issuer: options.issuer,
    profile: (profile) => userFromClaims(profile),
    style: { brandColor: "#428bca" },
    options,
  }
}
