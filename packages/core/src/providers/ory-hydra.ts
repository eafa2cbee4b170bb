/**
 * Sign in with Ory Hydra (OpenID Connect).
 *
 * Create an OAuth 2.0 client in Hydra (`hydra create client`) with the redirect URI
 * `<origin>/auth/callback/hydra` (the id is `hydra`); set `issuer` to Hydra's public URL.
 *
 * @see https://www.ory.sh/docs/hydra/5min-tutorial
 * @module providers/ory-hydra
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Ory Hydra's ID token. */
export interface OryHydraProfile {
  iss: string
  ver: string
  sub: string
  aud: string
  iat: number
  exp: number
  jti: string
  amr: string
  email?: string
  [claim: string]: unknown
}

/**
 * Adds Ory Hydra sign-in. Endpoints come from the discovery document of `issuer`
 * (`AUTH_HYDRA_ISSUER`).
 *
 * @example
 * import OryHydra from "@auth/core/providers/ory-hydra"
 *
 * const config = {
 *   providers: [
 *     OryHydra({
 *       clientId: env.AUTH_HYDRA_ID,
 *       clientSecret: env.AUTH_HYDRA_SECRET,
 *       issuer: env.AUTH_HYDRA_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function OryHydra<P extends OryHydraProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "hydra",
    name: "Hydra",
    type: "oidc",
    style: { bg: "#fff", text: "#0F172A" },
    options,
  }
}
