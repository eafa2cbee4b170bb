/**
 * Sign in with Amazon Cognito user pools (OpenID Connect).
 *
 * Callback URL to register in the user pool's app client (Allowed callback URLs):
 * `<origin>/auth/callback/cognito`.
 *
 * @see https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-app-integration.html
 * @module providers/cognito
 */

import { userFromClaims } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of a Cognito ID token with the `openid profile email` scopes.
 * @see https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html
 */
export interface CognitoProfile {
  sub: string
  name: string
  email: string
  picture: string
  [claim: string]: unknown
}

/**
 * Adds Cognito sign-in. Set `issuer` to the user pool URL,
 * `https://cognito-idp.<region>.amazonaws.com/<user pool id>`.
 *
 * @example
 * import Cognito from "@auth/core/providers/cognito"
 *
 * const config = {
 *   providers: [
 *     Cognito({
 *       clientId: env.AUTH_COGNITO_ID,
 *       clientSecret: env.AUTH_COGNITO_SECRET,
 *       issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI",
 *     }),
 *   ],
 * }
 */
export default function Cognito<P extends CognitoProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "cognito",
    name: "Cognito",
    type: "oidc",
    issuer: options.issuer,
    profile: (profile) => userFromClaims(profile),
    style: { brandColor: "#C17B9E" },
    options,
  }
}
