/**
 * The Mailgun provider: sign in with a link sent by e-mail through the Mailgun API.
 *
 * @see https://documentation.mailgun.com/docs/mailgun/api-reference/openapi-final/tag/Messages/
 * @module providers/mailgun
 */
import type { EmailConfig, EmailUserConfig } from "./email.js"
import { httpEmailProvider, parseMailbox } from "./internal/http-email.js"

/** Mailgun-specific options. */
export interface MailgunOptions {
  /**
   * The region of the Mailgun account: `US` sends to `api.mailgun.net`, `EU` to
   * `api.eu.mailgun.net`.
   * @default "US"
   */
  region?: "US" | "EU"
}

const API_HOSTS = { US: "api.mailgun.net", EU: "api.eu.mailgun.net" } as const

/**
 * Creates the Mailgun e-mail provider (id `mailgun`): the built-in sign-in e-mail sent as a form
 * to `POST https://api[.eu].mailgun.net/v3/<domain>/messages`, authenticated with HTTP Basic
 * (`api` and `apiKey`, or `AUTH_MAILGUN_KEY`). The sending domain is the domain of `from`'s
 * address; a bare `from` address is sent as `Mailgun <address>` (the provider's name), a `from`
 * with a display name as it is. (Auth.js takes the domain from the whole `from` string, so its
 * default `Auth.js <no-reply@authjs.dev>` gives the domain `authjs.dev>`.) A non-2xx answer fails
 * the sign-in with `EmailSignin`, and the answer is logged.
 *
 * @throws {Error} when sending, if `from` has no domain
 * @example
 * import Mailgun from "@auth/core/providers/mailgun"
 *
 * const config = {
 *   providers: [
 *     Mailgun({ apiKey: env.AUTH_MAILGUN_KEY, from: "no-reply@mg.example.com", region: "EU" }),
 *   ],
 * }
 */
export default function MailGun(config: EmailUserConfig & MailgunOptions = {}): EmailConfig {
  const apiHost = API_HOSTS[config.region ?? "US"] ?? API_HOSTS.US
  return httpEmailProvider({ id: "mailgun", name: "Mailgun" }, config, {
    service: "Mailgun",
    request: ({ to, provider, message }) => {
      const from = parseMailbox(provider.from ?? "")
      const domain = from.address.split("@")[1]
      if (!domain) {
        throw new Error(
          `Mailgun needs a \`from\` address on the sending domain; got ${JSON.stringify(provider.from)}.`,
        )
      }
      const form = new FormData()
      form.append("from", from.name ? String(provider.from) : `${provider.name} <${from.address}>`)
      form.append("to", to)
      form.append("subject", message.subject)
      form.append("html", message.html)
      form.append("text", message.text)
      return {
        url: `https://${apiHost}/v3/${encodeURIComponent(domain)}/messages`,
        init: {
          method: "POST",
          headers: { Authorization: `Basic ${btoa(`api:${provider.apiKey}`)}` },
          body: form,
        },
      }
    },
  })
}
