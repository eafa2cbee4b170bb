/**
 * Sign in with Beyond Identity (passwordless OpenID Connect).
 *
 * Create an OIDC application in the Beyond Identity console with the redirect URI
 * `<origin>/auth/callback/beyondidentity`; the issuer is the application's
 * `https://auth-<region>.beyondidentity.com/v1/tenants/<tenant>/realms/<realm>/applications/<app>`.
 *
 * @see https://developer.beyondidentity.com/
 * @module providers/beyondidentity
 */
import { requireId } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Beyond Identity's ID token. */
export interface BeyondIdentityProfile {
  sub: string
  name: string
  preferred_username: string
  email: string
  [claim: string]: unknown
}

/**
 * Adds Beyond Identity sign-in on `issuer` (`AUTH_BEYONDIDENTITY_ISSUER`). The user also gets
 * the `preferred_username` claim, as in Auth.js.
 *
 * @example
 * import BeyondIdentity from "@auth/core/providers/beyondidentity"
 *
 * const config = {
 *   providers: [
 *     BeyondIdentity({
 *       clientId: env.AUTH_BEYONDIDENTITY_ID,
 *       clientSecret: env.AUTH_BEYONDIDENTITY_SECRET,
 *       issuer: env.AUTH_BEYONDIDENTITY_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function BeyondIdentity(
  config: OIDCUserConfig<BeyondIdentityProfile> = {},
): OIDCConfig<BeyondIdentityProfile> {
  return {
    id: "beyondidentity",
    name: "Beyond Identity",
    type: "oidc",
    profile(profile) {
      return {
        id: requireId(profile.sub, "sub"),
        email: profile.email,
        name: profile.name,
        image: null,
        preferred_username: profile.preferred_username,
      }
    },
    style: { bg: "#5077c5", text: "#fff" },
    options: config,
  }
}
