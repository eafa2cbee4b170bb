/**
 * Sign in with Frontegg (OpenID Connect with the endpoints of the environment's domain).
 *
 * Add `<origin>/auth/callback/frontegg` to the environment's allowed redirect URLs (Environments
 * → Authentication → Login method → Hosted login), and set `issuer` to the environment's domain
 * (`https://<subdomain>.frontegg.com`).
 *
 * @see https://docs.frontegg.com/docs/oauth-20
 * @module providers/frontegg
 */
import { joinUrl } from "./internal/url.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/** The claims of Frontegg's ID token. */
export interface FronteggProfile {
  sub: string
  name: string
  email: string
  email_verified: boolean
  profilePictureUrl: string
  roles: string[]
  [claim: string]: unknown
}

/**
 * Adds Frontegg sign-in on the domain `issuer` (`AUTH_FRONTEGG_ISSUER`); the endpoints are
 * Frontegg's fixed paths below it.
 *
 * @example
 * import Frontegg from "@auth/core/providers/frontegg"
 *
 * const config = {
 *   providers: [
 *     Frontegg({
 *       clientId: env.AUTH_FRONTEGG_ID,
 *       clientSecret: env.AUTH_FRONTEGG_SECRET,
 *       issuer: env.AUTH_FRONTEGG_ISSUER,
 *     }),
 *   ],
 * }
 */
export default function Frontegg(
  options: OIDCUserConfig<FronteggProfile> = {},
): OIDCConfig<FronteggProfile> {
  return {
    id: "frontegg",
    name: "Frontegg",
    type: "oidc",
    authorization: joinUrl(options.issuer, "/oauth/authorize"),
    token: joinUrl(options.issuer, "/oauth/token"),
    userinfo: joinUrl(options.issuer, "/identity/resources/users/v2/me"),
    wellKnown: joinUrl(options.issuer, "/oauth/.well-known/openid-configuration"),
    issuer: options.issuer,
    options,
  }
}
