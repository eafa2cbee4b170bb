/**
 * Sign in with Descope (OpenID Connect).
 *
 * Add the callback URL `<origin>/auth/callback/descope` to the project's approved domains (or
 * the OIDC application's redirect URLs). The client id is the project id.
 *
 * @see https://docs.descope.com/customize/auth/oidc
 * @module providers/descope
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Descope's ID token.
 * @see https://docs.descope.com/api/openapi/oidc/
 */
export interface DescopeProfile {
  sub: string
  name: string
  email: string
  email_verified: boolean
  phone_number: string
  phone_number_verified: boolean
  picture: string
  [claim: string]: unknown
}

/**
 * Adds Descope sign-in with the `pkce` and `state` checks. The issuer defaults to
 * `https://api.descope.com/<clientId>`; set `issuer` (`AUTH_DESCOPE_ISSUER`) for an OIDC
 * application of its own. The caller's options are not modified (Auth.js writes the default
 * issuer into them).
 *
 * @example
 * import Descope from "@auth/core/providers/descope"
 *
 * const config = {
 *   providers: [Descope({ clientId: env.AUTH_DESCOPE_ID, clientSecret: env.AUTH_DESCOPE_SECRET })],
 * }
 */
export default function Descope(
  config: OIDCUserConfig<DescopeProfile> = {},
): OIDCConfig<DescopeProfile> {
  const issuer =
    config.issuer ??
    (config.clientId ? `https://api.descope.com/${encodeURIComponent(config.clientId)}` : undefined)
  return {
    id: "descope",
    name: "Descope",
    type: "oidc",
    issuer,
    style: { bg: "#1C1C23", text: "#ffffff" },
    checks: ["pkce", "state"],
    options: config,
  }
}
