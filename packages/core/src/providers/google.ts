/**
 * Sign in with Google (OpenID Connect).
 *
 * Callback URL to register in the Google Cloud console (OAuth client, "Authorized redirect
 * URIs"): `<origin>/auth/callback/google`.
 *
 * @see https://developers.google.com/identity/openid-connect/openid-connect
 * @module providers/google
 */

import { userFromClaims } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Google's ID token.
 * @see https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload
 */
export interface GoogleProfile {
  aud: string
  azp: string
  email: string
  email_verified: boolean
  exp: number
  family_name?: string
  given_name: string
  /** The Google Workspace domain of the user, if any. */
  hd?: string
  iat: number
  iss: string
  jti?: string
  locale?: string
  name: string
  nbf?: number
  picture: string
  sub: string
  [claim: string]: unknown
}

/**
 * Adds Google sign-in. Endpoints come from discovery on `https://accounts.google.com`; the scope
 * is `openid profile email`. Add `authorization: { params: { prompt: "consent",
 * access_type: "offline" } }` to receive a refresh token.
 *
 * @example
 * import Google from "@auth/core/providers/google"
 *
 * const config = {
 *   providers: [Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET })],
 * }
 */
export default function Google<P extends GoogleProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "google",
    name: "Google",
    type: "oidc",
    issuer: "https://accounts.google.com",
    profile: (profile) => userFromClaims(profile),
    style: { brandColor: "#1a73e8" },
    options,
  }
}
