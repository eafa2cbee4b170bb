/**
 * Sign in with OneLogin (OpenID Connect).
 *
 * Add an "OpenID Connect (OIDC)" application in the OneLogin admin with the redirect URI
 * `<origin>/auth/callback/onelogin` and the token endpoint authentication method "POST" or
 * "Basic".
 *
 * @see https://developers.onelogin.com/openid-connect
 * @module providers/onelogin
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of OneLogin's ID token.
 * @see https://developers.onelogin.com/openid-connect/scopes
 */
export interface OneLoginProfile {
  sub: string
  email?: string
  name?: string
  preferred_username?: string
  given_name?: string
  family_name?: string
  [claim: string]: unknown
}

/** The path of OneLogin's OIDC issuer below the account's URL. */
const ISSUER_PATH = "/oidc/2"

/**
 * Adds OneLogin sign-in. `issuer` (`AUTH_ONELOGIN_ISSUER`) may be the account's URL
 * (`https://<subdomain>.onelogin.com`, as Auth.js's `wellKnown` assumes) or the OIDC issuer
 * (`…/oidc/2`): the first is completed to the second, where discovery lives. (Auth.js discovers
 * on the account URL, which fails.)
 *
 * @example
 * import OneLogin from "@auth/core/providers/onelogin"
 *
 * const config = {
 *   providers: [
 *     OneLogin({
 *       clientId: env.AUTH_ONELOGIN_ID,
 *       clientSecret: env.AUTH_ONELOGIN_SECRET,
 *       issuer: env.AUTH_ONELOGIN_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function OneLogin(
  config: OIDCUserConfig<OneLoginProfile> = {},
): OIDCConfig<OneLoginProfile> {
  const account = config.issuer?.replace(/\/+$/, "").replace(/\/oidc\/2$/, "")
  const options = account ? { ...config, issuer: `${account}${ISSUER_PATH}` } : config
  return {
    id: "onelogin",
    name: "OneLogin",
    type: "oidc",
    wellKnown: `${account}${ISSUER_PATH}/.well-known/openid-configuration`,
    options,
  }
}
