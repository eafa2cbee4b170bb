/**
 * Sign in with Oracle NetSuite (OAuth 2.0, profile from a RESTlet of your account).
 *
 * Create an integration record (Setup → Integration → Manage Integrations) with "Authorization
 * code grant" and the redirect URI `<origin>/auth/callback/netsuite`. NetSuite has no userinfo
 * endpoint: deploy a RESTlet that returns the current user (`runtime.getCurrentUser()`) and set
 * `userinfo` to its URL.
 *
 * @see https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_157771733782.html
 * @module providers/netsuite
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** NetSuite-specific options. */
export interface OAuthNetSuiteOptions {
  /** `prompt` of the authorization request: `none`, `login` or `consent`. */
  prompt?: string
  /** The account id, e.g. `1234567` or `1234567_SB1` for a sandbox. */
  accountID: string
  /**
   * The scopes, space-separated.
   * @default "restlets rest_webservices"
   */
  scope?: string
  /** The URL of the RESTlet that returns the current user. */
  userinfo?: string
}

/** What the RESTlet of the `userinfo` option returns (`runtime.getCurrentUser()`). */
export interface NetSuiteProfile {
  id: number
  name: string
  email: string
  location: number
  role: number
  roleId?: string
  roleCenter?: string
  contact?: number
  subsidiary?: number
  department?: number
  [claim: string]: unknown
}

/**
 * Adds NetSuite sign-in for the account `accountID` with the `state` check. Unlike Auth.js,
 * the `scope` and `prompt` options are sent.
 *
 * @example
 * import NetSuite from "@auth/core/providers/netsuite"
 *
 * const config = {
 *   providers: [
 *     NetSuite({
 *       clientId: env.AUTH_NETSUITE_ID,
 *       clientSecret: env.AUTH_NETSUITE_SECRET,
 *       accountID: "1234567",
 *       userinfo: "https://1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=123&deploy=1",
 *     }),
 *   ],
 * }
 */
export default function NetSuite<P extends NetSuiteProfile>(
  config: Omit<OAuthUserConfig<P>, "userinfo"> & Partial<OAuthNetSuiteOptions> = {},
): OAuthConfig<P> {
  const { accountID, scope = "restlets rest_webservices", prompt } = config
  // Without an account there are no endpoints (Auth.js builds `https://undefined.app…`).
  const host = accountID ? accountID.toLowerCase().replace(/_/g, "-") : undefined
  return {
    id: "netsuite",
    name: "NetSuite",
    type: "oauth",
    checks: ["state"],
    authorization: {
      url: host ? `https://${host}.app.netsuite.com/app/login/oauth2/authorize.nl` : undefined,
      params: prompt ? { scope, prompt } : { scope },
    },
    token: host
      ? `https://${host}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`
      : undefined,
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.name,
        email: profile.email,
        image: null,
      }
    },
    style: { logo: "/netsuite.svg", bg: "#181a1b", text: "#fbfbfb" },
    options: config as OAuthUserConfig<P>,
  }
}
