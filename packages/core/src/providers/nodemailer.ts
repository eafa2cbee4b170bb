/**
 * The Nodemailer provider: sign in with a link sent by e-mail over SMTP.
 *
 * `nodemailer` is an optional peer dependency, loaded on the first send: install it to use this
 * provider.
 *
 * @module providers/nodemailer
 */

import { nodemailerProvider } from "../internal/email/nodemailer-provider.js"
import type { NodemailerConfig, NodemailerUserConfig } from "./email.js"

export type { NodemailerServer } from "../internal/email/nodemailer-provider.js"
export type { NodemailerConfig, NodemailerUserConfig } from "./email.js"

/**
 * Creates the Nodemailer e-mail provider (id `nodemailer`): the built-in sign-in e-mail sent
 * through `nodemailer.createTransport(server)`, from `Auth.js <no-reply@authjs.dev>`, with links
 * valid for 24 hours. Every option can be overridden.
 *
 * @param config the options; `server` is required
 * @throws {AuthError} when `server` is missing
 * @see https://authjs.dev/getting-started/authentication/email
 * @example
 * Nodemailer({
 *   server: process.env.EMAIL_SERVER, // "smtp://user:pass@smtp.example.com:587"
 *   from: "Example <no-reply@example.com>",
 * })
 */
export default function Nodemailer(config: NodemailerUserConfig): NodemailerConfig {
  return nodemailerProvider({ id: "nodemailer", name: "Nodemailer" }, config)
}
