/**
 * Sign in with Duende IdentityServer 6 (OpenID Connect).
 *
 * Register a client with the authorization code flow and the redirect URI
 * `<origin>/auth/callback/duende-identity-server6`; set `issuer` to the IdentityServer's URL.
 *
 * @see https://docs.duendesoftware.com/identityserver/v6/
 * @module providers/duende-identity-server6
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Duende IdentityServer 6's ID token. */
export interface DuendeISUser {
  sub: string
  email: string
  name: string
  email_verified?: boolean
  [claim: string]: unknown
}

/**
 * Adds Duende IdentityServer 6 sign-in. Endpoints come from the discovery document of `issuer`
 * (`AUTH_DUENDE_IDENTITY_SERVER6_ISSUER`).
 *
 * @example
 * import DuendeIdentityServer6 from "@auth/core/providers/duende-identity-server6"
 *
 * const config = {
 *   providers: [
 *     DuendeIdentityServer6({
 *       clientId: env.AUTH_DUENDE_IDENTITY_SERVER6_ID,
 *       clientSecret: env.AUTH_DUENDE_IDENTITY_SERVER6_SECRET,
 *       issuer: env.AUTH_DUENDE_IDENTITY_SERVER6_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function DuendeIdentityServer6<P extends DuendeISUser>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "duende-identity-server6",
    name: "DuendeIdentityServer6",
    type: "oidc",
    options,
  }
}
