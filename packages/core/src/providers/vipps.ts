/**
 * Sign in with Vipps MobilePay (Vipps Login, OpenID Connect).
 *
 * Activate Vipps Login for the sales unit on the Vipps MobilePay portal and add the redirect
 * URI `<origin>/auth/callback/vipps`. For the test environment, set `issuer` to
 * `https://apitest.vipps.no/access-management-1.0/access/`.
 *
 * @see https://developer.vippsmobilepay.com/docs/APIs/login-api/api-guide
 * @module providers/vipps
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

interface Address {
  address_type: string
  country: string
  formatted: string
  postal_code: string
  region: string
  street_address: string
}

/**
 * The userinfo response of Vipps Login.
 * @see https://developer.vippsmobilepay.com/api/login/#tag/Login-OIDC-Endpoints/operation/userinfo
 */
export interface VippsProfile {
  accounts?: Array<{ account_name: string; account_number: number; bank_name: string }>
  address?: Address
  other_addresses?: Address[]
  birthdate?: string
  email: string
  email_verified: boolean
  family_name: string
  given_name: string
  name: string
  nin?: string
  phone_number: string
  sid: string
  sub: string
  delegatedConsents?: unknown
  [claim: string]: unknown
}

/**
 * Adds Vipps sign-in with the `openid name email` scopes and the `pkce`, `state` and `nonce`
 * checks. The profile comes from the userinfo endpoint (`idToken: false`). The issuer ends with
 * a slash, as Vipps' discovery document names it.
 *
 * @example
 * import Vipps from "@auth/core/providers/vipps"
 *
 * const config = {
 *   providers: [Vipps({ clientId: env.AUTH_VIPPS_ID, clientSecret: env.AUTH_VIPPS_SECRET })],
 * }
 */
export default function Vipps(
  options: OIDCUserConfig<VippsProfile> = {},
): OIDCConfig<VippsProfile> {
  return {
    id: "vipps",
    name: "Vipps",
    type: "oidc",
    issuer: "https://api.vipps.no/access-management-1.0/access/",
    authorization: { params: { scope: "openid name email" } },
    idToken: false,
    style: { brandColor: "#f05c18" },
    checks: ["pkce", "state", "nonce"],
    options,
  }
}
