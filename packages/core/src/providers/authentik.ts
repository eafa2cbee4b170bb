/**
 * Sign in with Authentik (OpenID Connect).
 *
 * Create an OAuth2/OpenID provider and an application in authentik with the redirect URI
 * `<origin>/auth/callback/authentik`; the issuer is the provider's "OpenID Configuration Issuer",
 * e.g. `https://authentik.example.com/application/o/<slug>/`.
 *
 * @see https://docs.goauthentik.io/docs/add-secure-apps/providers/oauth2/
 * @module providers/authentik
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Authentik's ID token. */
export interface AuthentikProfile {
  iss: string
  sub: string
  aud: string
  exp: number
  iat: number
  auth_time: number
  acr: string
  c_hash: string
  nonce: string
  at_hash: string
  email: string
  email_verified: boolean
  name: string
  given_name: string
  family_name: string
  preferred_username: string
  nickname: string
  groups: string[]
  [claim: string]: unknown
}

/**
 * Adds Authentik sign-in. Endpoints come from the discovery document of `issuer`
 * (`AUTH_AUTHENTIK_ISSUER`).
 *
 * @example
 * import Authentik from "@auth/core/providers/authentik"
 *
 * const config = {
 *   providers: [
 *     Authentik({
 *       clientId: env.AUTH_AUTHENTIK_ID,
 *       clientSecret: env.AUTH_AUTHENTIK_SECRET,
 *       issuer: env.AUTH_AUTHENTIK_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function Authentik<P extends AuthentikProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "authentik",
    name: "Authentik",
    type: "oidc",
    options,
  }
}
