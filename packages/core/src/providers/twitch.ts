/**
 * Sign in with Twitch (OpenID Connect).
 *
 * Register the application in the Twitch developer console with the OAuth redirect URL
 * `<origin>/auth/callback/twitch`.
 *
 * @see https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/
 * @module providers/twitch
 */
import { conformTokenResponse } from "./internal/token.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Twitch's ID token, with the requested claims.
 * @see https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/#requesting-claims
 */
export interface TwitchProfile {
  sub: string
  preferred_username: string
  email: string
  picture: string
  [claim: string]: unknown
}

/**
 * Adds Twitch sign-in with the `openid user:read:email` scopes, requesting the `email`,
 * `picture` and `preferred_username` claims in the ID token, and authenticating with
 * `client_secret_post`. Twitch's token response lists `scope` as an array (joined here) and its
 * errors as `{ status, message }` (made an OAuth error).
 *
 * @example
 * import Twitch from "@auth/core/providers/twitch"
 *
 * const config = {
 *   providers: [Twitch({ clientId: env.AUTH_TWITCH_ID, clientSecret: env.AUTH_TWITCH_SECRET })],
 * }
 */
export default function Twitch(
  config: OIDCUserConfig<TwitchProfile> = {},
): OIDCConfig<TwitchProfile> {
  return {
    issuer: "https://id.twitch.tv/oauth2",
    id: "twitch",
    name: "Twitch",
    type: "oidc",
    client: { token_endpoint_auth_method: "client_secret_post" },
    authorization: {
      params: {
        scope: "openid user:read:email",
        claims: { id_token: { email: null, picture: null, preferred_username: null } },
      },
    },
    token: { conform: conformTokenResponse({ readError: twitchError }) },
    style: { bg: "#65459B", text: "#fff" },
    options: config,
  }
}

/** Twitch's `{ status, message }` error, as an OAuth error. */
function twitchError(
  body: Record<string, unknown>,
): { error: string; error_description: string } | undefined {
  if (typeof body.error === "string" || typeof body.message !== "string") return undefined
  if (typeof body.access_token === "string") return undefined
  return { error: "invalid_request", error_description: body.message }
}
