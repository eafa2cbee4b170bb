/**
 * Sign in with Mailchimp (OAuth 2, account from the metadata endpoint).
 *
 * Callback URL to register in the Mailchimp account (Extras → Registered apps → Redirect URI):
 * `<origin>/auth/callback/mailchimp`.
 *
 * @see https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/
 * @module providers/mailchimp
 */
import { requireId } from "./internal/profile.js"
import { conformTokenResponse } from "./internal/token.js"
import type { OAuthConfig, OAuthUserConfig } from "./oauth.js"

/**
 * The response of `GET https://login.mailchimp.com/oauth2/metadata`.
 * @see https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/#implement-the-oauth-2-workflow-on-your-server
 */
export interface MailchimpProfile {
  dc: string
  role: string
  accountname: string
  user_id: number
  login: {
    email: string
    avatar: string | null
    login_id: number
    login_name: string
    login_email: string
  }
  login_url: string
  api_endpoint: string
  [claim: string]: unknown
}

/**
 * Adds Mailchimp sign-in. Mailchimp's token response has no `token_type` and a `null` scope;
 * both are made conform before validation. The user is the login, the name the account's.
 *
 * @example
 * import Mailchimp from "@auth/core/providers/mailchimp"
 *
 * const config = {
 *   providers: [
 *     Mailchimp({ clientId: env.AUTH_MAILCHIMP_ID, clientSecret: env.AUTH_MAILCHIMP_SECRET }),
 *   ],
 * }
 */
export default function Mailchimp(
  config: OAuthUserConfig<MailchimpProfile> = {},
): OAuthConfig<MailchimpProfile> {
  return {
    id: "mailchimp",
    name: "Mailchimp",
    type: "oauth",
    authorization: "https://login.mailchimp.com/oauth2/authorize",
    token: { url: "https://login.mailchimp.com/oauth2/token", conform: conformTokenResponse() },
    userinfo: "https://login.mailchimp.com/oauth2/metadata",
    profile(profile) {
      return {
        id: requireId(profile.login?.login_id, "login.login_id"),
        name: profile.accountname,
        email: profile.login.email,
        image: null,
      }
    },
    style: { bg: "#000", text: "#fff" },
    options: config,
  }
}
