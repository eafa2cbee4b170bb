/**
 * Sign in with Passage (OpenID Connect).
 *
 * Create an OIDC client in the Passage console with the redirect URI
 * `<origin>/auth/callback/passage`; the issuer is the app's auth origin.
 *
 * @see https://docs.passage.id/hosted-login/oidc-client-configuration
 * @module providers/passage
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Passage's ID token. */
export interface PassageProfile {
  iss: string
  sub: string
  aud: string[]
  exp: number
  iat: number
  auth_time: number
  azp: string
  client_id: string
  at_hash: string
  c_hash: string
  email: string
  email_verified: boolean
  phone: string
  phone_number_verified: boolean
  [claim: string]: unknown
}

/**
 * Adds Passage sign-in. Endpoints come from the discovery document of `issuer`
 * (`AUTH_PASSAGE_ISSUER`); the token request authenticates with `client_secret_basic`.
 *
 * @example
 * import Passage from "@auth/core/providers/passage"
 *
 * const config = {
 *   providers: [
 *     Passage({
 *       clientId: env.AUTH_PASSAGE_ID,
 *       clientSecret: env.AUTH_PASSAGE_SECRET,
 *       issuer: env.AUTH_PASSAGE_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function Passage<P extends PassageProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "passage",
    name: "Passage",
    type: "oidc",
    client: { token_endpoint_auth_method: "client_secret_basic" },
    style: { brandColor: "#3d53f6" },
    options,
  }
}
