/**
 * Sign in with Mail.ru (OAuth 2).
 *
 * Callback URL to register in the Mail.ru o2 application: `<origin>/auth/callback/mailru`.
 *
 * @see https://o2.mail.ru/docs
 * @module providers/mailru
 */
import { userWithId } from "./internal/profile.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://oauth.mail.ru/userinfo`.
 * @see https://o2.mail.ru/docs
 */
export interface MailruProfile {
  id: string
  name?: string
  nickname?: string
  email?: string
  image?: string
  first_name?: string
  last_name?: string
  [claim: string]: unknown
}

/**
 * Adds Mail.ru sign-in with the `userinfo` scope. The profile is mapped like the engine's
 * default: `id`, `name` (or `nickname`) and `email`.
 *
 * @example
 * import Mailru from "@auth/core/providers/mailru"
 *
 * const config = {
 *   providers: [Mailru({ clientId: env.AUTH_MAILRU_ID, clientSecret: env.AUTH_MAILRU_SECRET })],
 * }
 */
export default function Mailru(
  config: OAuthUserConfig<MailruProfile> = {},
): OAuthConfig<MailruProfile> {
  return {
    id: "mailru",
    name: "Mail.ru",
    type: "oauth",
    authorization: "https://oauth.mail.ru/login?scope=userinfo",
    token: "https://oauth.mail.ru/token",
    userinfo: "https://oauth.mail.ru/userinfo",
    profile: (profile) => userWithId(profile),
    options: config,
  }
}
