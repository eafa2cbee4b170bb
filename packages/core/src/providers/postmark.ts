/**
 * The Postmark provider: sign in with a link sent by e-mail through the Postmark API.
 *
 * @see https://postmarkapp.com/developer/api/email-api#send-a-single-email
 * @module providers/postmark
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { httpEmailProvider, jsonRequest } from "./internal/http-email.js"

/**
 * Creates the Postmark e-mail provider (id `postmark`): the built-in sign-in e-mail sent with
 * `POST https://api.postmarkapp.com/email` on the `outbound` message stream, authenticated with
 * the server token `apiKey` (or `AUTH_POSTMARK_KEY`) in `X-Postmark-Server-Token`. A non-2xx
 * answer (Postmark's `{ ErrorCode, Message }`) fails the sign-in with `EmailSignin`, and the
 * answer is logged.
 *
 * @example
 * import Postmark from "@auth/core/providers/postmark"
 *
 * const config = {
 *   providers: [Postmark({ apiKey: env.AUTH_POSTMARK_KEY, from: "no-reply@example.com" })],
 * }
 */
export default function Postmark(config: EmailUserConfig = {}): EmailConfig {
  return httpEmailProvider({ id: "postmark", name: "Postmark" }, config, {
    service: "Postmark",
    request: ({ to, provider, message }) =>
      jsonRequest(
        "https://api.postmarkapp.com/email",
        { Accept: "application/json", "X-Postmark-Server-Token": String(provider.apiKey) },
        {
          From: provider.from,
          To: to,
          Subject: message.subject,
          TextBody: message.text,
          HtmlBody: message.html,
          MessageStream: "outbound",
        },
      ),
  })
}
