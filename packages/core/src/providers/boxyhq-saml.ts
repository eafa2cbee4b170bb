/**
 * Sign in through SAML with BoxyHQ SAML Jackson (an OAuth 2 bridge to SAML identity providers).
 *
 * Callback URL to register in SAML Jackson (the connection's "Allowed redirect URLs"):
 * `<origin>/auth/callback/boxyhq-saml`. Set `issuer` to the Jackson deployment's URL
 * (`AUTH_BOXYHQ_SAML_ISSUER`).
 *
 * @see https://boxyhq.com/docs/jackson/deploy
 * @see https://boxyhq.com/docs/jackson/saml-flow
 * @module providers/boxyhq-saml
 */
import { requireId } from "./internal/profile.js"
import { joinUrl } from "./internal/url.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** The response of SAML Jackson's `/api/oauth/userinfo`. */
export interface BoxyHQSAMLProfile {
  id: string
  email: string
  firstName?: string
  lastName?: string
  [claim: string]: unknown
}

/**
 * Adds SAML sign-in through BoxyHQ SAML Jackson at `issuer`. Pass the tenant and product as
 * authorization parameters (`authorization: { params: { tenant, product } }`) or on the sign-in
 * request's query.
 *
 * @example
 * import BoxyHQSAML from "@auth/core/providers/boxyhq-saml"
 *
 * const config = {
 *   providers: [
 *     BoxyHQSAML({
 *       clientId: "dummy", // Jackson identifies the connection by tenant and product
 *       clientSecret: "dummy",
 *       issuer: env.AUTH_BOXYHQ_SAML_ISSUER,
 *       authorization: { params: { tenant: "example.com", product: "my-app" } },
 *     }),
 *   ],
 * }
 */
export default function SAMLJackson<P extends BoxyHQSAMLProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  const authorization = joinUrl(options.issuer, "/api/oauth/authorize")
  return {
    id: "boxyhq-saml",
    name: "BoxyHQ SAML",
    type: "oauth",
    authorization: authorization ? { url: authorization, params: { provider: "saml" } } : undefined,
    token: joinUrl(options.issuer, "/api/oauth/token"),
    userinfo: joinUrl(options.issuer, "/api/oauth/userinfo"),
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        email: profile.email,
        name: [profile.firstName, profile.lastName].filter(Boolean).join(" "),
        image: null,
      }
    },
    style: { brandColor: "#25c2a0" },
    options,
  }
}
