/**
 * Sign in with Azure AD B2C (OpenID Connect, user flows).
 *
 * Register an application in the B2C tenant with the redirect URI
 * `<origin>/auth/callback/azure-ad-b2c` and create a user flow; the issuer is
 * `https://<tenant>.b2clogin.com/<tenant id>/v2.0/` (from the user flow's metadata document),
 * and the flow is picked with `authorization: { params: { p: "B2C_1_signupsignin" } }` or an
 * issuer of the form `https://<tenant>.b2clogin.com/<tenant>.onmicrosoft.com/<flow>/v2.0/`.
 *
 * @see https://learn.microsoft.com/en-us/azure/active-directory-b2c/openid-connect
 * @module providers/azure-ad-b2c
 */
import { requireId } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of an Azure AD B2C ID token.
 * @see https://learn.microsoft.com/en-us/azure/active-directory-b2c/tokens-overview#claims
 */
export interface AzureADB2CProfile {
  exp: number
  nbf: number
  ver: string
  iss: string
  sub: string
  aud: string
  iat: number
  auth_time: number
  oid: string
  country: string
  name: string
  postalCode: string
  emails: string[]
  tfp: string
  preferred_username: string
  [claim: string]: unknown
}

/**
 * Adds Azure AD B2C sign-in. The e-mail address is the first of the `emails` claim (enable it
 * as an application claim of the user flow).
 *
 * @example
 * import AzureADB2C from "@auth/core/providers/azure-ad-b2c"
 *
 * const config = {
 *   providers: [
 *     AzureADB2C({
 *       clientId: env.AUTH_AZURE_AD_B2C_ID,
 *       clientSecret: env.AUTH_AZURE_AD_B2C_SECRET,
 *       issuer: env.AUTH_AZURE_AD_B2C_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function AzureADB2C(
  options: OIDCUserConfig<AzureADB2CProfile> = {},
): OIDCConfig<AzureADB2CProfile> {
  return {
    id: "azure-ad-b2c",
    name: "Azure AD B2C",
    type: "oidc",
    profile(profile) {
      return {
        id: requireId(profile.sub, "sub"),
        name: profile.name ?? profile.preferred_username,
        email: profile?.emails?.[0],
        image: null,
      }
    },
    style: { text: "#fff", bg: "#0072c6" },
    options,
  }
}
