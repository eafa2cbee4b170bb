/**
 * Sign in with Figma (OAuth 2, profile from `GET /v1/me`).
 *
 * Callback URL to register in the Figma OAuth app: `<origin>/auth/callback/figma`.
 *
 * @see https://www.figma.com/developers/api#oauth2
 * @module providers/figma
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://api.figma.com/v1/me`.
 * @see https://www.figma.com/developers/api#users-types
 */
export interface FigmaProfile {
  id: string
  email: string
  handle: string
  img_url: string
  [claim: string]: unknown
}

/**
 * Adds Figma sign-in with the `files:read` scope and the `state` check. The name is the user's
 * handle.
 *
 * @example
 * import Figma from "@auth/core/providers/figma"
 *
 * const config = {
 *   providers: [Figma({ clientId: env.AUTH_FIGMA_ID, clientSecret: env.AUTH_FIGMA_SECRET })],
 * }
 */
export default function Figma(
  options: OAuthUserConfig<FigmaProfile> = {},
): OAuthConfig<FigmaProfile> {
  return {
    id: "figma",
    name: "Figma",
    type: "oauth",
    authorization: {
      url: "https://www.figma.com/oauth",
      params: { scope: "files:read" },
    },
    checks: ["state"],
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    profile(profile) {
      return {
        name: profile.handle,
        email: profile.email,
        id: requireId(profile.id, "id"),
        image: profile.img_url,
      }
    },
    style: { text: "#fff", bg: "#ff7237" },
    options,
  }
}
