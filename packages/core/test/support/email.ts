/** Helpers for e-mail sign-in tests: request a link, capture it, read it out of a message. */

import type { CapturedMessage } from "@auth/dev-servers"
import type { EmailConfig, SendVerificationRequestParams } from "../../src/providers/email.js"
import type { AuthClient } from "./client.js"

/** POSTs `/signin/<providerId>` with a fresh CSRF token and the address. */
export async function requestLink(
  client: AuthClient,
  email: string,
  options: { providerId?: string; callbackUrl?: string } = {},
): Promise<Response> {
  const csrfToken = await client.csrfToken()
  const fields: Record<string, string> = { csrfToken, email }
  if (options.callbackUrl !== undefined) fields.callbackUrl = options.callbackUrl
  return client.postForm(`/signin/${options.providerId ?? "nodemailer"}`, fields)
}

/** The sign-in link in a message's text part. */
export function linkInMessage(message: CapturedMessage): string {
  const match = /https?:\/\/\S+/.exec(message.text)
  if (!match) throw new Error(`No link in the message: ${message.text}`)
  return match[0]
}

/** A link with one query parameter replaced. */
export function withParam(link: string, name: string, value: string): string {
  const url = new URL(link)
  url.searchParams.set(name, value)
  return url.href
}

/**
 * An e-mail provider that keeps each link in memory instead of sending it (for tests that are
 * not about delivery, and for load).
 */
export function capturingEmailProvider(overrides: Partial<EmailConfig> = {}) {
  const sent: SendVerificationRequestParams[] = []
  const provider: EmailConfig = {
    id: "email",
    name: "Email",
    type: "email",
    maxAge: 86_400,
    async sendVerificationRequest(params) {
      sent.push(params)
    },
    ...overrides,
  }
  return {
    provider,
    sent,
    /** The last link sent to `email`. */
    linkFor(email: string): string {
      const params = sent.findLast((entry) => entry.identifier === email)
      if (!params) throw new Error(`No link was sent to ${email}.`)
      return params.url
    },
  }
}
