/**
 * The captured mail as an app's `/mailbox` page shows it: plain JSON objects, newest first,
 * read from the mailbox the launcher serves.
 */
import type { CapturedMessage } from "@auth/dev-servers"
import { type Env, EXAMPLE_ENV, nonEmpty } from "./env.js"

/** One message, ready to render. */
export interface MailboxMessage {
  to: string[]
  from: string
  subject: string
  /** When it arrived, ISO 8601. */
  date: string
  /** The first link to an auth callback in the text (else the first link), `null` when none. */
  signInLink: string | null
  text: string
}

const LINK = /https?:\/\/[^\s<>"']+/g

/** A captured message, as the mailbox serves it. */
export function toMailboxMessage(message: CapturedMessage): MailboxMessage {
  const links = message.text.match(LINK) ?? []
  return {
    to: message.to,
    from: message.from,
    subject: message.subject,
    date: message.receivedAt.toISOString(),
    signInLink: links.find((link) => link.includes("/callback/")) ?? links[0] ?? null,
    text: message.text,
  }
}

/**
 * The messages the example's SMTP server caught, newest first; `[]` when the app runs without
 * the launcher's mailbox.
 *
 * @throws {Error} when the mailbox does not answer (the launcher stopped)
 */
export async function readMailbox(env: Env = process.env): Promise<MailboxMessage[]> {
  const url = nonEmpty(env[EXAMPLE_ENV.mailboxUrl])
  if (url === undefined) return []
  const response = await fetch(url, { headers: { accept: "application/json" } })
  if (!response.ok) throw new Error(`The mailbox at ${url} answered ${response.status}.`)
  const body: unknown = await response.json()
  return Array.isArray(body) ? body.filter(isMailboxMessage) : []
}

function isMailboxMessage(value: unknown): value is MailboxMessage {
  if (typeof value !== "object" || value === null) return false
  const message = value as Partial<Record<keyof MailboxMessage, unknown>>
  return (
    Array.isArray(message.to) &&
    typeof message.subject === "string" &&
    typeof message.date === "string" &&
    (message.signInLink === null || typeof message.signInLink === "string")
  )
}
