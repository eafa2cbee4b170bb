/**
 * Sign in with IdentityServer4 (OpenID Connect).
 *
 * Register a client with the authorization code flow and the redirect URI
 * `<origin>/auth/callback/identity-server4`; set `issuer` to the IdentityServer's URL.
 * IdentityServer4 is no longer maintained; its successor is Duende IdentityServer.
 *
 * @see https://identityserver4.readthedocs.io/en/latest/
 * @module providers/identity-server4
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of IdentityServer4's ID token. */
export interface IdentityServer4Profile {
  sub: string
  name?: string
  email?: string
  [claim: string]: unknown
}

/**
 * Adds IdentityServer4 sign-in. Endpoints come from the discovery document of `issuer`
 * (`AUTH_IDENTITY_SERVER4_ISSUER`).
 *
 * @example
 * import IdentityServer4 from "@auth/core/providers/identity-server4"
 *
 * const config = {
 *   providers: [
 *     IdentityServer4({
 *       clientId: env.AUTH_IDENTITY_SERVER4_ID,
 *       clientSecret: env.AUTH_IDENTITY_SERVER4_SECRET,
 *       issuer: env.AUTH_IDENTITY_SERVER4_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function IdentityServer4<P extends IdentityServer4Profile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "identity-server4",
    name: "IdentityServer4",
    type: "oidc",
    options,
  }
}
