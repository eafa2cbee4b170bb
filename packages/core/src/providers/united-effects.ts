/**
 * Sign in with United Effects (OpenID Connect).
 *
 * Register the client in the United Effects Auth Group with the redirect URI
 * `<origin>/auth/callback/united-effects`; the issuer is the Auth Group's URL, e.g.
 * `https://auth.unitedeffects.com/<auth group id>`.
 *
 * @see https://docs.unitedeffects.com/integrations/nextauthjs
 * @module providers/united-effects
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of United Effects' ID token. */
export interface UnitedEffectsProfile {
  sub: string
  email: string
  [claim: string]: unknown
}

/**
 * Adds United Effects sign-in on `issuer` (`AUTH_UNITED_EFFECTS_ISSUER`) with the
 * `openid email profile` scopes; the issuer is also sent as the `resource` parameter.
 *
 * @example
 * import UnitedEffects from "@auth/core/providers/united-effects"
 *
 * const config = {
 *   providers: [
 *     UnitedEffects({
 *       clientId: env.AUTH_UNITED_EFFECTS_ID,
 *       clientSecret: env.AUTH_UNITED_EFFECTS_SECRET,
 *       issuer: env.AUTH_UNITED_EFFECTS_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function UnitedEffects<P extends UnitedEffectsProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "united-effects",
    name: "United Effects",
    type: "oidc",
    authorization: {
      params: {
        scope: "openid email profile",
        ...(options.issuer ? { resource: options.issuer } : {}),
      },
    },
    options,
  }
}
