/**
 * Sign in with BankID Norway (BankID OIDC, the "BankID med biometri / app / kodebrikke" login).
 *
 * BankID clients are issued through a BankID merchant agreement (BankID OIDC "Connect"), with
 * the redirect URI `<origin>/auth/callback/bankid-no`. The preproduction issuer is
 * `https://auth.current.bankid.no/auth/realms/current`; set it as `issuer` for testing.
 *
 * @see https://confluence.bankidnorge.no/confluence/pdoidcl
 * @module providers/bankid-no
 */
import { requireId } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of BankID's (signed) userinfo response.
 * @see https://confluence.bankidnorge.no/confluence/pdoidcl/technical-documentation/core-concepts/scopes-and-claims
 */
export interface BankIDNorwayProfile {
  exp: number
  iat: number
  auth_time: number
  jti: string
  iss: string
  aud: string
  sub: string
  typ: "ID"
  azp: string
  session_state: string
  at_hash: string
  name: string
  given_name: string
  family_name: string
  birthdate: string
  updated_at: number
  acr: string
  sid: string
  amr: "BID" | "BIM" | "BIS"
  bankid_altsub: string
  originator: string
  additionalCertInfo: {
    certValidFrom: number
    serialNumber: string
    keyAlgorithm: string
    keySize: string
    policyOid: string
    certQualified: boolean
    certValidTo: number
    versionNumber: string
    subjectName: string
  }
  tid: string
  email?: string
  nnin_altsub?: string
  [claim: string]: unknown
}

/**
 * Adds BankID Norway sign-in with the `pkce`, `state` and `nonce` checks, authenticating with
 * `client_secret_post`. The profile comes from the userinfo endpoint (a JWT signed with RS256),
 * not from the ID token; the authorization asks for Norwegian (`ui_locales=no`) and the BankID
 * app (`login_hint=BIS`).
 *
 * @example
 * import BankIDNorway from "@auth/core/providers/bankid-no"
 *
 * const config = {
 *   providers: [
 *     BankIDNorway({ clientId: env.AUTH_BANKID_NO_ID, clientSecret: env.AUTH_BANKID_NO_SECRET }),
 *   ],
 * }
 */
export default function BankIDNorway(
  config: OIDCUserConfig<BankIDNorwayProfile> = {},
): OIDCConfig<BankIDNorwayProfile> {
  return {
    id: "bankid-no",
    name: "BankID Norge",
    type: "oidc",
    issuer: "https://auth.bankid.no/auth/realms/prod",
    client: {
      token_endpoint_auth_method: "client_secret_post",
      userinfo_signed_response_alg: "RS256",
    },
    idToken: false,
    authorization: { params: { ui_locales: "no", login_hint: "BIS" } },
    profile(profile) {
      return {
        id: requireId(profile.sub, "sub"),
        name: profile.name,
        email: profile.email ?? null,
        image: null,
      }
    },
    checks: ["pkce", "state", "nonce"],
    style: { text: "#fff", bg: "#39134c" },
    options: config,
  }
}
