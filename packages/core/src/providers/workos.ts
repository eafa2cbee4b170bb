/**
 * Sign in through SSO with WorkOS (SAML and OIDC connections behind OAuth 2).
 *
 * Callback URL to register in the WorkOS dashboard (Redirects): `<origin>/auth/callback/workos`.
 *
 * @see https://workos.com/docs/sso/guide
 * @see https://workos.com/docs/reference/sso
 * @module providers/workos
 */
import { requireId } from "./internal/profile.js"
import { conformTokenResponse } from "./internal/token.js"
import { joinUrl } from "./internal/url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.workos.com/sso/profile`.
 * @see https://workos.com/docs/reference/sso/profile
 */
export interface WorkOSProfile {
  object: string
  id: string
  organization_id: string
  connection_id: string
  connection_type: string
  idp_id: string
  email: string
  first_name: string
  last_name: string
  raw_attributes: {
    id: string
    email: string
    lastName: string
    firstName: string
    picture: string
    [attribute: string]: unknown
  }
  [claim: string]: unknown
}

/** WorkOS-specific options. */
export interface WorkOSOptions {
  /** The connection to sign in with; pass `organization` or `provider` as a param instead. */
  connection?: string
}

/**
 * Adds WorkOS SSO sign-in, authenticating with `client_secret_post`. WorkOS's token response has
 * no `token_type`; `bearer` is assumed. `issuer` defaults to `https://api.workos.com/`.
 *
 * @example
 * import WorkOS from "@auth/core/providers/workos"
 *
 * const config = {
 *   providers: [
 *     WorkOS({
 *       clientId: env.AUTH_WORKOS_ID,
 *       clientSecret: env.AUTH_WORKOS_SECRET,
 *       connection: env.AUTH_WORKOS_CONNECTION,
 *     }),
 *   ],
 * }
 */
export default function WorkOS<P extends WorkOSProfile>(
  options: OAuthUserConfig<P> & WorkOSOptions = {},
): OAuthConfig<P> {
  const { issuer = "https://api.workos.com/", connection = "" } = options
  const connectionParams = new URLSearchParams({ connection })
  return {
    id: "workos",
    name: "WorkOS",
    type: "oauth",
    authorization: `${joinUrl(issuer, "sso/authorize")}?${connectionParams}`,
    token: { url: joinUrl(issuer, "sso/token"), conform: conformTokenResponse() },
    client: { token_endpoint_auth_method: "client_secret_post" },
    userinfo: joinUrl(issuer, "sso/profile"),
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: `${profile.first_name} ${profile.last_name}`,
        email: profile.email,
        image: profile.raw_attributes?.picture ?? null,
      }
    },
    style: { bg: "#6363f1", text: "#fff" },
    options,
  }
}
