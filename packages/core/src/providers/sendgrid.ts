/**
 * The SendGrid provider: sign in with a link sent by e-mail through the Twilio SendGrid v3 API.
 *
 * @see https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send
 * @module providers/sendgrid
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { httpEmailProvider, jsonRequest, parseMailbox } from "./internal/http-email.js"

/**
 * Creates the SendGrid e-mail provider (id `sendgrid`): the built-in sign-in e-mail sent with
 * `POST https://api.sendgrid.com/v3/mail/send`, authenticated with `apiKey` (or
 * `AUTH_SENDGRID_KEY`). A `from` with a display name (`Example <no-reply@example.com>`) is sent
 * as SendGrid's `{ email, name }` (Auth.js sends it whole as the address, which SendGrid
 * refuses). A non-2xx answer fails the sign-in with `EmailSignin`, and the answer is logged.
 *
 * @example
 * import SendGrid from "@auth/core/providers/sendgrid"
 *
 * const config = {
 *   providers: [SendGrid({ apiKey: env.AUTH_SENDGRID_KEY, from: "no-reply@example.com" })],
 * }
 */
export default function SendGrid(config: EmailUserConfig = {}): EmailConfig {
  return httpEmailProvider({ id: "sendgrid", name: "SendGrid" }, config, {
    service: "SendGrid",
    request: ({ to, provider, message }) => {
      const from = parseMailbox(provider.from ?? "")
      return jsonRequest(
        "https://api.sendgrid.com/v3/mail/send",
        { Authorization: `Bearer ${provider.apiKey}` },
        {
          personalizations: [{ to: [{ email: to }] }],
          from: from.name ? { email: from.address, name: from.name } : { email: from.address },
          subject: message.subject,
          content: [
            { type: "text/plain", value: message.text },
            { type: "text/html", value: message.html },
          ],
        },
      )
    },
  })
}
