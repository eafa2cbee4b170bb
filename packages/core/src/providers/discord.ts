/**
 * Sign in with Discord (OAuth 2).
 *
 * Callback URL to register in the Discord developer portal (OAuth2 → Redirects):
 * `<origin>/auth/callback/discord`.
 *
 * @see https://discord.com/developers/docs/topics/oauth2
 * @module providers/discord
 */
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The user object of `GET /users/@me`.
 * @see https://discord.com/developers/docs/resources/user#user-object
 */
export interface DiscordProfile {
  /** Snowflake id. */
  id: string
  username: string
  /** `"0"` for users on the unique-username system, else the legacy `#1234` tag. */
  discriminator: string
  global_name: string | null
  /** Avatar hash; animated avatars start with `a_`. */
  avatar: string | null
  bot?: boolean
  system?: boolean
  mfa_enabled: boolean
  banner: string | null
  accent_color: number | null
  locale: string
  verified: boolean
  /** Present with the `email` scope. */
  email: string | null
  flags: number
  premium_type: number
  public_flags: number
  display_name: string | null
  avatar_decoration: string | null
  banner_color: string | null
  /** Set by this provider's `profile` callback: the avatar's CDN URL. */
  image_url: string
  [claim: string]: unknown
}

/**
 * Adds Discord sign-in with the `identify email` scopes. The image is the user's avatar, or
 * Discord's default avatar for users without one.
 *
 * @example
 * import Discord from "@auth/core/providers/discord"
 *
 * const config = {
 *   providers: [Discord({ clientId: env.AUTH_DISCORD_ID, clientSecret: env.AUTH_DISCORD_SECRET })],
 * }
 */
export default function Discord<P extends DiscordProfile>(
  options: OAuthUserConfig<P> = {},
): OAuthConfig<P> {
  return {
    id: "discord",
    name: "Discord",
    type: "oauth",
    authorization: {
      url: "https://discord.com/api/oauth2/authorize",
      params: { scope: "identify email" },
    },
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    profile(profile) {
      // Auth.js exposes the avatar URL on the profile too, which callbacks receive.
      profile.image_url = avatarUrl(profile)
      return {
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email,
        image: profile.image_url,
      }
    },
    style: { brandColor: "#5865F2" },
    options,
  }
}

/** @see https://discord.com/developers/docs/reference#image-formatting-cdn-endpoints */
function avatarUrl(profile: DiscordProfile): string {
  if (profile.avatar === null) {
    const index =
      !profile.discriminator || profile.discriminator === "0"
        ? Number((BigInt(profile.id) >> 22n) % 6n)
        : Number.parseInt(profile.discriminator, 10) % 5
    return `https://cdn.discordapp.com/embed/avatars/${index}.png`
  }
  const format = profile.avatar.startsWith("a_") ? "gif" : "png"
  return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`
}
