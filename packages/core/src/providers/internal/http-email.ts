/**
 * What the e-mail providers that send through an HTTP API (Resend, SendGrid, Postmark, Mailgun,
 * Loops, Forward Email) share: the defaults of every built-in e-mail provider, the built-in
 * message (escaped), the request through the provider's `customFetch`, and a failure that names
 * the service and its answer. The sign-in flow around them (address rules, token storage,
 * `EmailSignin` on failure) is the same as for Nodemailer.
 */
import { DEFAULT_EMAIL_FROM, EMAIL_LINK_MAX_AGE_SECONDS } from "../../internal/email/defaults.js"
import { type VerificationEmail, verificationEmail } from "../../internal/email/message.js"
import type { EmailConfig, EmailUserConfig, SendVerificationRequestParams } from "../email.js"
import { providerFetch } from "./fetch.js"

/** How much of a failed answer the error quotes. */
const ERROR_EXCERPT_LENGTH = 300

/** The request that sends one sign-in e-mail. */
export interface EmailApiRequest {
  url: string
  init: RequestInit
}

/** What a service's request builder gets. */
export interface EmailApiContext<C extends EmailConfig = EmailConfig> {
  /** The normalized recipient address. */
  to: string
  /** The merged provider: the defaults with the user's options (and env) applied. */
  provider: C
  /** The built-in message, every value escaped. */
  message: VerificationEmail
  params: SendVerificationRequestParams
}

/** How one service sends. */
export interface EmailApi<C extends EmailConfig = EmailConfig> {
  /** The service's name in error messages, e.g. `"Resend"`. */
  service: string
  /** Builds the request; runs after the API key was checked. */
  request: (context: EmailApiContext<C>) => EmailApiRequest
  /** Whether the request needs `provider.apiKey`. @default true */
  requiresApiKey?: boolean
}

/**
 * Builds an HTTP-API e-mail provider: the defaults (`from`, a 24-hour `maxAge`), the user's
 * options over them, and a `sendVerificationRequest` that sends the built-in message with the
 * service's API.
 *
 * @param identity the provider's `id` and `name`, and any other defaults of the service
 * @param config the user's options
 * @param api how the service is called
 */
export function httpEmailProvider<C extends EmailConfig>(
  identity: { id: string; name: string } & Partial<C>,
  config: EmailUserConfig | undefined,
  api: EmailApi<C>,
): C {
  return {
    type: "email",
    from: DEFAULT_EMAIL_FROM,
    maxAge: EMAIL_LINK_MAX_AGE_SECONDS,
    ...identity,
    sendVerificationRequest: (params: SendVerificationRequestParams) =>
      sendWithApi(params, api as EmailApi),
    options: config ?? {},
  } as unknown as C
}

/**
 * Sends one sign-in e-mail through a service's API.
 *
 * @throws {Error} when the API key is missing or the service answers with a non-2xx status; the
 *   message names the service, the status and the start of its answer (never the key)
 */
async function sendWithApi(params: SendVerificationRequestParams, api: EmailApi): Promise<void> {
  const { identifier, url, theme, provider } = params
  if (api.requiresApiKey !== false && !provider.apiKey) {
    const variable = `AUTH_${provider.id.toUpperCase().replace(/-/g, "_")}_KEY`
    throw new TypeError(`Missing ${api.service} API key: set \`apiKey\` or ${variable}.`)
  }
  const message = verificationEmail({ url, host: new URL(url).host, theme })
  const request = api.request({ to: identifier, provider, message, params })
  const response = await providerFetch(provider)(request.url, request.init)
  if (!response.ok) {
    throw new Error(
      `${api.service} error: ${response.status} ${(await response.text()).slice(0, ERROR_EXCERPT_LENGTH)}`,
    )
  }
}

/** A mailbox of a `From`-style value: `Name <address>` or a bare address. */
export interface Mailbox {
  address: string
  name?: string
}

/**
 * Reads `Example <no-reply@example.com>` or `no-reply@example.com` into its name and address,
 * for APIs that take them apart.
 *
 * @see https://www.rfc-editor.org/rfc/rfc5322#section-3.4 Address specification
 */
export function parseMailbox(value: string): Mailbox {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(value)
  if (!match) return { address: value.trim() }
  const name = (match[1] ?? "").replace(/^"(.*)"$/, "$1").trim()
  return name ? { name, address: (match[2] ?? "").trim() } : { address: (match[2] ?? "").trim() }
}

/** A JSON request body with the service's authorization header. */
export function jsonRequest(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): EmailApiRequest {
  return {
    url,
    init: {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
  }
}
