/**
 * Sign in with FusionAuth (OpenID Connect).
 *
 * Add `<origin>/auth/callback/fusionauth` to the application's "Authorized redirect URLs"
 * (Applications → OAuth), and set `issuer` to the FusionAuth URL (`AUTH_FUSIONAUTH_ISSUER`).
 *
 * @see https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/
 * @module providers/fusionauth
 */
import { requireId } from "./internal/profile.js"
import { joinUrl } from "./internal/url.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of FusionAuth's ID token.
 * @see https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/tokens#id-token
 */
export interface FusionAuthProfile {
  aud: string
  exp: number
  iat: number
  iss: string
  sub: string
  jti: string
  authenticationType: string
  email: string
  email_verified: boolean
  preferred_username?: string
  name?: string
  given_name?: string
  middle_name?: string
  family_name?: string
  at_hash: string
  c_hash: string
  scope: string
  sid: string
  picture?: string
  [claim: string]: unknown
}

/** FusionAuth-specific options. */
export interface FusionAuthOptions {
  /** The tenant, when the FusionAuth instance has several. */
  tenantId?: string
}

/**
 * Adds FusionAuth sign-in with the `openid offline_access email profile` scopes and the `pkce`
 * and `state` checks. FusionAuth sends `WWW-Authenticate` on token errors other than 401; the
 * header is removed there so the error body is read as an OAuth error.
 *
 * @example
 * import FusionAuth from "@auth/core/providers/fusionauth"
 *
 * const config = {
 *   providers: [
 *     FusionAuth({
 *       clientId: env.AUTH_FUSIONAUTH_ID,
 *       clientSecret: env.AUTH_FUSIONAUTH_SECRET,
 *       issuer: env.AUTH_FUSIONAUTH_ISSUER,
 *       tenantId: env.AUTH_FUSIONAUTH_TENANT_ID,
 *     }),
 *   ],
 * }
 */
export default function FusionAuth<P extends FusionAuthProfile>(
  options: OIDCUserConfig<P> & FusionAuthOptions = {},
): OIDCConfig<P> {
  const tenantQuery = options.tenantId ? `?tenantId=${encodeURIComponent(options.tenantId)}` : ""
  const tokenUrl = joinUrl(options.issuer, "/oauth2/token")
  return {
    id: "fusionauth",
    name: "FusionAuth",
    type: "oidc",
    issuer: options.issuer,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    wellKnown: `${joinUrl(options.issuer, "/.well-known/openid-configuration")}${tenantQuery}`,
    authorization: {
      params: {
        scope: "openid offline_access email profile",
        ...(options.tenantId ? { tenantId: options.tenantId } : {}),
      },
    },
    userinfo: joinUrl(options.issuer, "/oauth2/userinfo"),
    token: tokenUrl ? { url: tokenUrl, conform: withoutChallengeOnErrors } : undefined,
    checks: ["pkce", "state"],
    profile(profile) {
      return {
        id: requireId(profile.sub, "sub"),
        email: profile.email,
        name:
          profile.name ??
          profile.preferred_username ??
          [profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" "),
        image: profile.picture,
      }
    },
    options,
  }
}

/** Drops `WWW-Authenticate` from a non-401 token response, keeping status and body. */
function withoutChallengeOnErrors(response: Response): Response | undefined {
  if (response.status === 401 || !response.headers.has("www-authenticate")) return undefined
  const headers = new Headers(response.headers)
  headers.delete("www-authenticate")
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
