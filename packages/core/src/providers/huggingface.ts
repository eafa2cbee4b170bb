/**
 * Sign in with Hugging Face (OpenID Connect).
 *
 * Create an OAuth app in the Hugging Face settings (Connected Apps → Create App) with the
 * redirect URL `<origin>/auth/callback/huggingface`.
 *
 * @see https://huggingface.co/docs/hub/en/oauth#creating-an-oauth-app
 * @module providers/huggingface
 */
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Hugging Face's ID token.
 * @see https://huggingface.co/docs/hub/en/oauth#currently-supported-scopes
 */
export interface HuggingfaceProfile {
  sub: string
  name?: string
  preferred_username?: string
  profile?: string
  picture?: string
  website?: string
  email?: string
  email_verified?: boolean
  isPro: boolean
  canPay?: boolean
  orgs: Array<{
    sub: string
    name: string
    picture: string
    preferred_username: string
    isEnterprise: boolean
    canPay?: boolean
    roleInOrg?: "admin" | "write" | "read" | "contributor"
    pendingSSO?: boolean
    missingMFA?: boolean
    resourceGroups?: Array<{
      sub: string
      name: string
      role: "read" | "write" | "admin" | "contributor"
    }>
  }>
  [claim: string]: unknown
}

/**
 * Adds Hugging Face sign-in with the `state` and `pkce` checks; endpoints come from the
 * discovery document of `https://huggingface.co`. Add the `email` scope in the app to receive
 * the address.
 *
 * @example
 * import Huggingface from "@auth/core/providers/huggingface"
 *
 * const config = {
 *   providers: [
 *     Huggingface({
 *       clientId: env.AUTH_HUGGINGFACE_ID,
 *       clientSecret: env.AUTH_HUGGINGFACE_SECRET,
 *     }),
 *   ],
 * }
 */
export default function Huggingface(
  options: OIDCUserConfig<HuggingfaceProfile> = {},
): OIDCConfig<HuggingfaceProfile> {
  return {
    id: "huggingface",
    name: "Hugging Face",
    type: "oidc",
    issuer: "https://huggingface.co",
    checks: ["state", "pkce"],
    style: { bg: "#FFD21E", text: "#000" },
    options,
  }
}
