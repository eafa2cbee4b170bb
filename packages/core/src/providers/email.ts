/**
 * Types of e-mail ("magic link") providers, and `Email`, the legacy alias of the Nodemailer provider.
 *
 * @module providers/email
 */
import { type NodemailerServer, nodemailerProvider } from "../internal/email/nodemailer-provider.js"
import type { customFetch } from "../internal/symbols.js"
import type { Awaitable } from "../types/common.js"
import type { Theme } from "../types/theme.js"
import type { CommonProviderOptions } from "./provider-types.js"

export type { EmailProviderId } from "./provider-types.js"

/** The provider type of e-mail providers. */
export type EmailProviderType = "email"

/** What `sendVerificationRequest` receives. */
export interface SendVerificationRequestParams {
  /** The normalized e-mail address. */
  identifier: string
  /** The sign-in link. */
  url: string
  expires: Date
  provider: EmailConfig
  /** The clear token (only its keyed hash is stored). */
  token: string
  theme: Theme
  request: Request
}

/** What `sendVerificationRequest` receives (Auth.js's older name). */
export type EmailProviderSendVerificationRequestParams = SendVerificationRequestParams

/** Options of an e-mail provider. */
export interface EmailConfig extends CommonProviderOptions {
  type: "email"
  id: string
  name: string
  /** Sender address. @default "Auth.js <no-reply@authjs.dev>" */
  from?: string
  /** Lifetime of a sign-in link, in seconds. @default 86400 */
  maxAge?: number
  /** Sends the e-mail with the link. */
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>
  /** Key used to hash stored tokens; defaults to the config's secret. */
  secret?: string
  /** Creates the clear token; defaults to 32 random bytes as hex. */
  generateVerificationToken?: () => Awaitable<string>
  /** Normalizes and validates the submitted address; throw to refuse it. */
  normalizeIdentifier?: (identifier: string) => string
  /** SMTP server (URL or nodemailer transport options), for nodemailer-based providers. */
  server?: unknown
  /** API key, for HTTP-API e-mail services. */
  apiKey?: string
  /** Replaces `fetch` for the requests of HTTP-API e-mail services (Resend, SendGrid, …). */
  [customFetch]?: typeof fetch
  options?: EmailUserConfig
}

/** What a user may override on an e-mail provider. */
export type EmailUserConfig = Omit<Partial<EmailConfig>, "options" | "type">

/** Options of the {@link Email} and `Nodemailer` providers, which send e-mail over SMTP. */
export interface NodemailerConfig extends EmailConfig {
  /**
   * Where to send mail: an SMTP connection URL (`smtp://user:pass@smtp.example.com:587`) or
   * nodemailer transport options. Required.
   *
   * @see https://nodemailer.com/smtp/
   */
  server?: NodemailerServer
  options?: NodemailerUserConfig
}

/** What a user passes to {@link Email} or `Nodemailer`. */
export type NodemailerUserConfig = Omit<Partial<NodemailerConfig>, "options" | "type">

/**
 * The legacy e-mail provider: the `Nodemailer` provider under the id `email`, kept so that
 * existing `signIn("email")` calls and `/signin/email` links keep working.
 *
 * @deprecated Import `Nodemailer` from `@auth/core/providers/nodemailer` and call
 * `signIn("nodemailer")` instead.
 * @throws {AuthError} when `server` is missing
 * @see https://authjs.dev/getting-started/authentication/email
 * @example
 * Email({ server: process.env.EMAIL_SERVER, from: "Example <no-reply@example.com>" })
 */
export default function Email(config: NodemailerUserConfig): NodemailerConfig {
  return nodemailerProvider({ id: "email", name: "Email" }, config)
}
