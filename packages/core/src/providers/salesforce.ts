/**
 * Sign in with Salesforce (OpenID Connect, profile from the userinfo endpoint).
 *
 * Create an External Client App (or Connected App) with OAuth enabled, the callback URL
 * `<origin>/auth/callback/salesforce` and the `openid`, `profile` and `email` scopes. For a
 * sandbox or My Domain, set `issuer` (`https://test.salesforce.com`,
 * `https://<domain>.my.salesforce.com`).
 *
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_openid.htm
 * @module providers/salesforce
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The userinfo response of Salesforce.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_userinfo_endpoint.htm
 */
export interface SalesforceProfile {
  sub: string
  nickname: string
  email: string
  picture: string
  [claim: string]: unknown
}

/**
 * Adds Salesforce sign-in with the `pkce`, `state` and `nonce` checks. The profile comes from
 * the userinfo endpoint (`idToken: false`), whose `sub` must be the ID token's.
 *
 * @example
 * import Salesforce from "@auth/core/providers/salesforce"
 *
 * const config = {
 *   providers: [
 *     Salesforce({ clientId: env.AUTH_SALESFORCE_ID, clientSecret: env.AUTH_SALESFORCE_SECRET }),
 *   ],
 * }
 */
export default function Salesforce(
  options: OIDCUserConfig<SalesforceProfile> = {},
): OIDCConfig<SalesforceProfile> {
  return {
    id: "salesforce",
    name: "Salesforce",
    type: "oidc",
    issuer: "https://login.salesforce.com",
    idToken: false,
    checks: ["pkce", "state", "nonce"],
    style: { bg: "#00a1e0" },
    options,
  }
}
