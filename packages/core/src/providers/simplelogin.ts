/**
 * Sign in with SimpleLogin (OpenID Connect).
 *
 * Create a website in the SimpleLogin developer settings with the authorized redirect URI
 * `<origin>/auth/callback/simplelogin`.
 *
 * @see https://simplelogin.io/developer/
 * @module providers/simplelogin
 */
import { requireId } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of SimpleLogin's ID token. */
export interface SimpleLoginProfile {
  id: number
  sub: string
  email: string
  email_verified: boolean
  name: string
  avatar_url: string | undefined
  client: string
  [claim: string]: unknown
}

/**
 * Adds SimpleLogin sign-in. The e-mail address may be a SimpleLogin alias of the user's.
 *
 * @example
 * import SimpleLogin from "@auth/core/providers/simplelogin"
 *
 * const config = {
 *   providers: [
 *     SimpleLogin({
 *       clientId: env.AUTH_SIMPLELOGIN_ID,
 *       clientSecret: env.AUTH_SIMPLELOGIN_SECRET,
 *     }),
 *   ],
 * }
 */
export default function SimpleLogin<P extends SimpleLoginProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "simplelogin",
    name: "SimpleLogin",
    type: "oidc",
    issuer: "https://app.simplelogin.io",
    profile(profile) {
      return {
        id: requireId(profile.sub, "sub"),
        name: profile.name,
        email: profile.email,
        image: profile.avatar_url,
      }
    },
    style: { brandColor: "#e3156a" },
    options,
  }
}
