/**
 * Sign in with Spotify (OAuth 2, profile from the Web API).
 *
 * Callback URL to register in the Spotify developer dashboard ("Redirect URIs"):
 * `<origin>/auth/callback/spotify`. Spotify refuses `localhost`; use `127.0.0.1` in development.
 *
 * @see https://developer.spotify.com/documentation/web-api/tutorials/code-flow
 * @module providers/spotify
 */
import { requireId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/** An image of the user. */
export interface SpotifyImage {
  url: string
  height?: number | null
  width?: number | null
}

/**
 * The response of `GET https://api.spotify.com/v1/me`.
 * @see https://developer.spotify.com/documentation/web-api/reference/get-current-users-profile
 */
export interface SpotifyProfile {
  id: string
  display_name: string
  email: string
  images: SpotifyImage[]
  [claim: string]: unknown
}

/**
 * Adds Spotify sign-in with the `user-read-email` scope. The image is the first of the user's.
 *
 * @example
 * import Spotify from "@auth/core/providers/spotify"
 *
 * const config = {
 *   providers: [
 *     Spotify({ clientId: env.AUTH_SPOTIFY_ID, clientSecret: env.AUTH_SPOTIFY_SECRET }),
 *   ],
 * }
 */
export default function Spotify<P extends SpotifyProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "spotify",
    name: "Spotify",
    type: "oauth",
    authorization: "https://accounts.spotify.com/authorize?scope=user-read-email",
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    profile(profile) {
      return {
        id: requireId(profile.id, "id"),
        name: profile.display_name,
        email: profile.email,
        image: profile.images?.[0]?.url,
      }
    },
    style: { brandColor: "#1db954" },
    options,
  }
}
