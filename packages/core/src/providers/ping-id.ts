/**
 * Sign in with Ping Identity (OpenID Connect).
 *
 * Add an OIDC web application in PingOne with the redirect URI `<origin>/auth/callback/ping-id`;
 * the issuer is `https://auth.pingone.<region>/<environment id>/as`.
 *
 * @see https://docs.pingidentity.com/pingone/applications/p1_add_app_worker.html
 * @module providers/ping-id
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Ping Identity's ID token. */
export interface PingProfile {
  iss: string
  sub: string
  aud: string
  iat: number
  exp: number
  acr: string
  amr: [string]
  auth_time: number
  at_hash: string
  sid: string
  preferred_username: string
  given_name: string
  picture: string
  updated_at: number
  name: string
  family_name: string
  email: string
  env: string
  org: string
  "p1.region": string
  [claim: string]: unknown
}

/**
 * Adds Ping Identity sign-in. Endpoints come from the discovery document of `issuer`
 * (`AUTH_PING_ID_ISSUER`).
 *
 * @example
 * import PingId from "@auth/core/providers/ping-id"
 *
 * const config = {
 *   providers: [
 *     PingId({
 *       clientId: env.AUTH_PING_ID_ID,
 *       clientSecret: env.AUTH_PING_ID_SECRET,
 *       issuer: env.AUTH_PING_ID_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function PingId<P extends PingProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "ping-id",
    name: "Ping Identity",
    type: "oidc",
    options,
  }
}
