/**
 * Sign in with LinkedIn (OpenID Connect).
 *
 * Callback URL to register in the LinkedIn app (Auth → Authorized redirect URLs):
 * `<origin>/auth/callback/linkedin`. The app needs the "Sign In with LinkedIn using OpenID
 * Connect" product.
 *
 * @see https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 * @module providers/linkedin
 */

import { userFromClaims } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of LinkedIn's ID token and userinfo response.
 * @see https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2#response-body-schema
 */
export interface LinkedInProfile {
  sub: string
  name: string
  given_name: string
  family_name: string
  picture: string
  locale: string
  email: string
  email_verified: boolean
  [claim: string]: unknown
}

/**
 * Adds LinkedIn sign-in. Endpoints come from discovery on `https://www.linkedin.com/oauth`;
 * LinkedIn expects `client_secret_post` and supports `state` but not PKCE.
 *
 * @example
 * import LinkedIn from "@auth/core/providers/linkedin"
 *
 * const config = {
 *   providers: [
 *     LinkedIn({ clientId: env.AUTH_LINKEDIN_ID, clientSecret: env.AUTH_LINKEDIN_SECRET }),
 *   ],
 * }
 */
export default function LinkedIn<P extends LinkedInProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "linkedin",
    name: "LinkedIn",
    type: "oidc",
    issuer: "https://www.linkedin.com/oauth",
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    profile: (profile) => userFromClaims(profile),
    style: { brandColor: "#069" },
    options,
  }
}
