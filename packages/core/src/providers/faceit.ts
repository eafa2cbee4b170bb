/**
 * Sign in with FACEIT (FACEIT Connect, OAuth 2).
 *
 * Callback URL to register in the FACEIT developer portal (App → Client-side / Server-side
 * redirect URL): `<origin>/auth/callback/faceit`.
 *
 * @see https://cdn.faceit.com/third_party/docs/FACEIT_Connect_3.0.pdf
 * @module providers/faceit
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The response of FACEIT's userinfo endpoint. */
export interface FaceitProfile {
  guid: string
  name?: string
  nickname?: string
  email?: string
  picture?: string
  [claim: string]: unknown
}

/**
 * Adds FACEIT sign-in. FACEIT authenticates the token request with HTTP Basic
 * (`client_secret_basic`, the default).
 *
 * @example
 * import FACEIT from "@auth/core/providers/faceit"
 *
 * const config = {
 *   providers: [FACEIT({ clientId: env.AUTH_FACEIT_ID, clientSecret: env.AUTH_FACEIT_SECRET })],
 * }
 */
export default function FACEIT(
  options: OAuthUserConfig<FaceitProfile> = {},
): OAuthConfig<FaceitProfile> {
  return {
    id: "faceit",
    name: "FACEIT",
    type: "oauth",
    authorization: "https://accounts.faceit.com/accounts?redirect_popup=true",
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    profile(profile) {
      return {
        id: requireId(profile.guid, "guid"),
        name: profile.name,
        email: profile.email,
        image: profile.picture,
      }
    },
    options,
  }
}
