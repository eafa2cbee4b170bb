/**
 * The HTTP e-mail providers of the catalog, each with its service as documented: the request
 * it must receive, how the sign-in link and the recipient are read back out of it, and the
 * service's success and error answers.
 */
import type { VendorRecordedRequest, VendorResource } from "@auth/dev-servers"
import { expect } from "vitest"
import ForwardEmail from "../../../src/providers/forwardemail.js"
import Loops from "../../../src/providers/loops.js"
import MailGun from "../../../src/providers/mailgun.js"
import Postmark from "../../../src/providers/postmark.js"
import Resend from "../../../src/providers/resend.js"
import SendGrid from "../../../src/providers/sendgrid.js"
import type { ProviderFactory } from "./types.js"

/** What a request to an e-mail API carried. */
export interface SentEmail {
  to: string
  /** The `From` as sent, when the service takes one. */
  from?: string
  subject?: string
  html?: string
  /** The sign-in link: from the text part, or the data variable of a template. */
  link: string
}

/** One HTTP e-mail provider and its service. */
export interface EmailCatalogEntry {
  module: string
  id: string
  name: string
  factory: ProviderFactory
  options?: Record<string, unknown>
  /** The API the message is sent to. */
  url: string
  /** The header and value that carry the API key `KEY`. */
  auth: [header: string, value: string]
  /** Reads the message back out of the request. */
  read: (request: VendorRecordedRequest) => Promise<SentEmail>
  /** The service's answer to a message it accepts. */
  accepted: Pick<VendorResource, "status" | "body" | "contentType">
  /** The service's answer to a message it refuses, and a phrase of it the log must show. */
  refused: Pick<VendorResource, "status" | "body" | "contentType"> & { phrase: string }
}

/** The API key the tests set as `AUTH_<ID>_KEY`. */
export const API_KEY = "test-api-key_123"

function json(request: VendorRecordedRequest): Record<string, unknown> {
  return JSON.parse(request.body) as Record<string, unknown>
}

function linkIn(text: unknown): string {
  const match = /https?:\/\/\S+/.exec(String(text))
  if (!match) throw new Error(`No link in ${String(text)}`)
  return match[0]
}

/** A message sent as `{ from, to, subject, html, text }` (Resend, Forward Email). */
function plainMessage(body: Record<string, unknown>): SentEmail {
  return {
    to: String(body.to),
    from: String(body.from),
    subject: String(body.subject),
    html: String(body.html),
    link: linkIn(body.text),
  }
}

export const EMAIL_CATALOG: EmailCatalogEntry[] = [
  {
    module: "forwardemail",
    id: "forwardemail",
    name: "Forward Email",
    factory: ForwardEmail,
    url: "https://api.forwardemail.net/v1/emails",
    auth: ["authorization", `Basic ${btoa(`${API_KEY}:`)}`],
    read: async (request) => plainMessage(json(request)),
    accepted: { status: 200, body: { id: "6390b0f2c7b8a2c0b1a1b2c3", status: "queued" } },
    refused: {
      status: 400,
      body: { statusCode: 400, error: "Bad Request", message: "Domain is not verified." },
      phrase: "Domain is not verified.",
    },
  },
  {
    module: "loops",
    id: "loops",
    name: "Loops",
    factory: Loops,
    options: { transactionalId: "clfq6dinn000yl70fgwwyp82l" },
    url: "https://app.loops.so/api/v1/transactional",
    auth: ["authorization", `Bearer ${API_KEY}`],
    async read(request) {
      const body = json(request)
      expect(body.transactionalId).toBe("clfq6dinn000yl70fgwwyp82l")
      return { to: String(body.email), link: String((body.dataVariables as { url: string }).url) }
    },
    accepted: { status: 200, body: { success: true } },
    refused: {
      status: 404,
      body: {
        success: false,
        error: { path: "transactionalId", message: "Transactional email not found" },
      },
      phrase: "Transactional email not found",
    },
  },
  {
    module: "mailgun",
    id: "mailgun",
    name: "Mailgun",
    factory: MailGun,
    options: { region: "EU" },
    // The sending domain is the one of the default `from`, `Auth.js <no-reply@authjs.dev>`.
    url: "https://api.eu.mailgun.net/v3/authjs.dev/messages",
    auth: ["authorization", `Basic ${btoa(`api:${API_KEY}`)}`],
    async read(request) {
      const form = await new Response(request.body, {
        headers: { "content-type": request.headers["content-type"] ?? "" },
      }).formData()
      return {
        to: String(form.get("to")),
        from: String(form.get("from")),
        subject: String(form.get("subject")),
        html: String(form.get("html")),
        link: linkIn(form.get("text")),
      }
    },
    accepted: {
      status: 200,
      body: { id: "<20111114174239.25659.5817@authjs.dev>", message: "Queued. Thank you." },
    },
    refused: { status: 401, body: "Forbidden", contentType: "text/plain", phrase: "Forbidden" },
  },
  {
    module: "postmark",
    id: "postmark",
    name: "Postmark",
    factory: Postmark,
    url: "https://api.postmarkapp.com/email",
    auth: ["x-postmark-server-token", API_KEY],
    async read(request) {
      const body = json(request)
      expect(body.MessageStream).toBe("outbound")
      return {
        to: String(body.To),
        from: String(body.From),
        subject: String(body.Subject),
        html: String(body.HtmlBody),
        link: linkIn(body.TextBody),
      }
    },
    accepted: {
      status: 200,
      body: {
        To: "x",
        SubmittedAt: "2025-01-01T00:00:00Z",
        MessageID: "b7bc2f4a",
        ErrorCode: 0,
        Message: "OK",
      },
    },
    refused: {
      status: 422,
      body: {
        ErrorCode: 400,
        Message: "The 'From' address you supplied is not a Sender Signature.",
      },
      phrase: "not a Sender Signature",
    },
  },
  {
    module: "resend",
    id: "resend",
    name: "Resend",
    factory: Resend,
    url: "https://api.resend.com/emails",
    auth: ["authorization", `Bearer ${API_KEY}`],
    read: async (request) => plainMessage(json(request)),
    accepted: { status: 200, body: { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" } },
    refused: {
      status: 403,
      body: {
        statusCode: 403,
        name: "validation_error",
        message: "The authjs.dev domain is not verified.",
      },
      phrase: "domain is not verified",
    },
  },
  {
    module: "sendgrid",
    id: "sendgrid",
    name: "SendGrid",
    factory: SendGrid,
    url: "https://api.sendgrid.com/v3/mail/send",
    auth: ["authorization", `Bearer ${API_KEY}`],
    async read(request) {
      const body = json(request) as {
        personalizations: Array<{ to: Array<{ email: string }> }>
        from: { email: string; name?: string }
        subject: string
        content: Array<{ type: string; value: string }>
      }
      expect(body.from).toEqual({ email: "no-reply@authjs.dev", name: "Auth.js" })
      return {
        to: String(body.personalizations[0]?.to[0]?.email),
        subject: body.subject,
        html: body.content.find((part) => part.type === "text/html")?.value,
        link: linkIn(body.content.find((part) => part.type === "text/plain")?.value),
      }
    },
    accepted: { status: 202, body: "", contentType: "text/plain" },
    refused: {
      status: 400,
      body: {
        errors: [
          {
            message: "The from email does not contain a valid address.",
            field: "from.email",
            help: null,
          },
        ],
      },
      phrase: "does not contain a valid address",
    },
  },
]
