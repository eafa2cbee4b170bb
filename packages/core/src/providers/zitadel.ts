/**
 * Sign in with ZITADEL (OpenID Connect).
 *
 * Create a web application (PKCE or code with secret) in a ZITADEL project with the redirect URI
 * `<origin>/auth/callback/zitadel`; the issuer is the instance's domain, e.g.
 * `https://my-instance.zitadel.cloud`.
 *
 * @see https://zitadel.com/docs/guides/integrate/login/oidc/login-users
 * @module providers/zitadel
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of ZITADEL's ID token. */
export interface ZitadelProfile {
  amr: string
  aud: string
  auth_time: number
  azp: string
  email: string
  email_verified: boolean
  exp: number
  family_name: string
  given_name: string
  gender: string
  iat: number
  iss: string
  jti: string
  locale: string
  name: string
  nbf: number
  picture: string
  phone: string
  phone_verified: boolean
  preferred_username: string
  sub: string
  [claim: string]: unknown
}

/**
 * Adds ZITADEL sign-in. Endpoints come from the discovery document of `issuer`
 * (`AUTH_ZITADEL_ISSUER`).
 *
 * @example
 * import ZITADEL from "@auth/core/providers/zitadel"
 *
 * const config = {
 *   providers: [
 *     ZITADEL({
 *       clientId: env.AUTH_ZITADEL_ID,
 *       clientSecret: env.AUTH_ZITADEL_SECRET,
 *       issuer: env.AUTH_ZITADEL_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function ZITADEL<P extends ZitadelProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "zitadel",
    name: "ZITADEL",
    type: "oidc",
    options,
  }
}
