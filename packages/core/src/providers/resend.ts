/**
 * The Resend provider: sign in with a link sent by e-mail through the Resend API.
 *
 * @see https://resend.com/docs/api-reference/emails/send-email
 * @module providers/resend
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { httpEmailProvider, jsonRequest } from "./internal/http-email.js"

/**
 * Creates the Resend e-mail provider (id `resend`): the built-in sign-in e-mail sent with
 * `POST https://api.resend.com/emails`, authenticated with `apiKey` (or `AUTH_RESEND_KEY`). The
 * `from` address must be on a domain verified in Resend. A non-2xx answer fails the sign-in with
 * `EmailSignin`, and the answer is logged.
 *
 * @example
 * import Resend from "@auth/core/providers/resend"
 *
 * const config = {
 *   providers: [Resend({ apiKey: env.AUTH_RESEND_KEY, from: "Example <no-reply@example.com>" })],
 * }
 */
export default function Resend(config: EmailUserConfig = {}): EmailConfig {
  return httpEmailProvider({ id: "resend", name: "Resend" }, config, {
    service: "Resend",
    request: ({ to, provider, message }) =>
      jsonRequest(
        "https://api.resend.com/emails",
        { Authorization: `Bearer ${provider.apiKey}` },
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
