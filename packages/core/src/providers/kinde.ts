/**
 * Sign in with Kinde (OpenID Connect).
 *
 * Add a back-end web application in Kinde with the callback URL `<origin>/auth/callback/kinde`; the
 * issuer is the business's domain, e.g. `https://my-business.kinde.com`.
 *
 * @see https://docs.kinde.com/developer-tools/sdks/backend/nextjs-sdk/
 * @module providers/kinde
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Kinde's ID token. */
export interface KindeProfile {
  first_name: string
  id: string
  last_name: string
  picture: string
  preferred_email: string
  provided_id: string
  username: string
  [claim: string]: unknown
}

/**
 * Adds Kinde sign-in. Endpoints come from the discovery document of `issuer` (`AUTH_KINDE_ISSUER`);
 * the callback is checked with `state` and PKCE.
 *
 * @example
 * import Kinde from "@auth/core/providers/kinde"
 *
 * const config = {
 *   providers: [
 *     Kinde({
 *       clientId: env.AUTH_KINDE_ID,
 *       clientSecret: env.AUTH_KINDE_SECRET,
 *       issuer: env.AUTH_KINDE_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function Kinde<P extends KindeProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "kinde",
    name: "Kinde",
    type: "oidc",
    style: { text: "#0F0F0F", bg: "#fff" },
    checks: ["state", "pkce"],
    options,
  }
}
