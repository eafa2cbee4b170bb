/**
 * Sign in with Asgardeo by WSO2 (OpenID Connect).
 *
 * Register a "Traditional Web Application" (OpenID Connect) in the Asgardeo console with the
 * authorized redirect URL `<origin>/auth/callback/asgardeo`.
 *
 * @see https://wso2.com/asgardeo/docs/guides/applications/register-oidc-web-app/
 * @module providers/asgardeo
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Asgardeo's ID token.
 * @see https://wso2.com/asgardeo/docs/guides/authentication/oidc/
 */
export interface AsgardeoProfile {
  sub: string
  given_name: string
  email: string
  picture: string
  [claim: string]: unknown
}

/** The path of Asgardeo's issuer below the organization's URL. */
const ISSUER_PATH = "/oauth2/token"

/**
 * Adds Asgardeo sign-in. `issuer` (`AUTH_ASGARDEO_ISSUER`) may be the organization's URL
 * (`https://api.asgardeo.io/t/<org>`, as Auth.js documents it) or the issuer shown in the
 * console (`…/t/<org>/oauth2/token`): the first is completed to the second, which is where
 * discovery lives. (Auth.js discovers on the organization URL, which fails.)
 *
 * @example
 * import Asgardeo from "@auth/core/providers/asgardeo"
 *
 * const config = {
 *   providers: [
 *     Asgardeo({
 *       clientId: env.AUTH_ASGARDEO_ID,
 *       clientSecret: env.AUTH_ASGARDEO_SECRET,
 *       issuer: env.AUTH_ASGARDEO_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function Asgardeo(
  config: OIDCUserConfig<AsgardeoProfile> = {},
): OIDCConfig<AsgardeoProfile> {
  const organization = config.issuer?.replace(/\/+$/, "").replace(/\/oauth2\/token$/, "")
  const options = organization ? { ...config, issuer: `${organization}${ISSUER_PATH}` } : config
  return {
    id: "asgardeo",
    name: "Asgardeo",
    type: "oidc",
    wellKnown: `${organization}${ISSUER_PATH}/.well-known/openid-configuration`,
    style: { bg: "#000", text: "#fff" },
    options,
  }
}
