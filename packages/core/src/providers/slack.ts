/**
 * Sign in with Slack (OpenID Connect).
 *
 * Callback URL to register in the Slack app (OAuth & Permissions → Redirect URLs):
 * `<origin>/auth/callback/slack`. Slack requires HTTPS redirect URLs.
 *
 * @see https://api.slack.com/authentication/sign-in-with-slack
 * @module providers/slack
 */

import { userFromClaims } from "./internal/profile.js"
import type { OIDCConfig, OIDCUserConfig } from "./oauth.js"

/**
 * The claims of Slack's ID token.
 * @see https://api.slack.com/authentication/sign-in-with-slack#response
 */
export interface SlackProfile {
  ok: boolean
  sub: string
  "https://slack.com/user_id": string
  "https://slack.com/team_id": string
  email: string
  email_verified: boolean
  date_email_verified: number
  name: string
  picture: string
  given_name: string
  family_name: string
  locale: string
  "https://slack.com/team_name": string
  "https://slack.com/team_domain": string
  "https://slack.com/user_image_24": string
  "https://slack.com/user_image_32": string
  "https://slack.com/user_image_48": string
  "https://slack.com/user_image_72": string
  "https://slack.com/user_image_192": string
  "https://slack.com/user_image_512": string
  "https://slack.com/user_image_1024": string
  "https://slack.com/team_image_34": string
  "https://slack.com/team_image_44": string
  "https://slack.com/team_image_68": string
  "https://slack.com/team_image_88": string
  "https://slack.com/team_image_102": string
  "https://slack.com/team_image_132": string
  "https://slack.com/team_image_230": string
  "https://slack.com/team_image_default": boolean
  [claim: string]: unknown
}

/**
 * Adds Sign in with Slack. Endpoints come from discovery on `https://slack.com`; the callback is
 * protected by a `nonce`.
 *
 * @example
 * import Slack from "@auth/core/providers/slack"
 *
 * const config = {
 *   providers: [Slack({ clientId: env.AUTH_SLACK_ID, clientSecret: env.AUTH_SLACK_SECRET })],
 * }
 */
export default function Slack<P extends SlackProfile>(
  options: OIDCUserConfig<P> = {},
): OIDCConfig<P> {
  return {
    id: "slack",
    name: "Slack",
    type: "oidc",
    issuer: "https://slack.com",
    checks: ["nonce"],
    profile: (profile) => userFromClaims(profile),
    style: { brandColor: "#611f69" },
    options,
  }
}
