/**
 * The Forward Email provider: sign in with a link sent by e-mail through the Forward Email API.
 *
 * @see https://forwardemail.net/en/email-api#outbound-emails
 * @module providers/forwardemail
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { httpEmailProvider, jsonRequest } from "./internal/http-email.js"

/**
 * Creates the Forward Email provider (id `forwardemail`): the built-in sign-in e-mail sent with
 * `POST https://api.forwardemail.net/v1/emails`, authenticated with HTTP Basic (`apiKey` as the
 * user name, or `AUTH_FORWARDEMAIL_KEY`). A non-2xx answer fails the sign-in with
 * `EmailSignin`, and the answer is logged.
 *
 * @example
 * import ForwardEmail from "@auth/core/providers/forwardemail"
 *
 * const config = {
 *   providers: [
 *     ForwardEmail({ apiKey: env.AUTH_FORWARDEMAIL_KEY, from: "no-reply@example.com" }),
 *   ],
 * }
 */
export default function ForwardEmail(config: EmailUserConfig = {}): EmailConfig {
  return httpEmailProvider({ id: "forwardemail", name: "Forward Email" }, config, {
    service: "Forward Email",
    request: ({ to, provider, message }) =>
      jsonRequest(
        "https://api.forwardemail.net/v1/emails",
        { Authorization: `Basic ${btoa(`${provider.apiKey}:`)}` },
        {
          from: provider.from,
          to,
          subject: message.subject,
          html: message.html,
          text: message.text,
        },
      ),
  })
}
