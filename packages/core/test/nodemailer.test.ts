import { startSmtpServer, type TestSmtpServer } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AuthError } from "../src/errors.js"
import Email, {
  type EmailConfig,
  type SendVerificationRequestParams,
} from "../src/providers/email.js"
import Nodemailer from "../src/providers/nodemailer.js"

let smtp: TestSmtpServer

beforeAll(async () => {
  smtp = await startSmtpServer({ rejectRecipients: (address) => address.startsWith("rejected") })
})

afterAll(async () => {
  await smtp?.close()
})

function magicLink(email: string, token = "0123456789abcdef".repeat(4)): string {
  const params = new URLSearchParams({
    callbackUrl: "http://localhost:3000/dashboard",
    token,
    email,
  })
  return `http://localhost:3000/auth/callback/nodemailer?${params}`
}

function sendParams(
  provider: EmailConfig,
  identifier: string,
  overrides: Partial<SendVerificationRequestParams> = {},
): SendVerificationRequestParams {
  const url = magicLink(identifier)
  return {
    identifier,
    url,
    expires: new Date(Date.now() + 86_400_000),
    provider,
    token: "0123456789abcdef".repeat(4),
    theme: {},
    request: new Request("http://localhost:3000/auth/signin/nodemailer", { method: "POST" }),
    ...overrides,
  }
}

describe("Nodemailer()", () => {
  it("returns the Auth.js defaults and keeps the user's options", () => {
    const config = { server: "smtp://127.0.0.1:2525" }
    const provider = Nodemailer(config)
    expect(provider).toMatchObject({
      id: "nodemailer",
      type: "email",
      name: "Nodemailer",
      from: "Auth.js <no-reply@authjs.dev>",
      maxAge: 86_400,
      server: "smtp://127.0.0.1:2525",
    })
    expect(provider.options).toBe(config)
    expect(typeof provider.sendVerificationRequest).toBe("function")
  })

  it("spreads the user's options over the defaults, without mutating them", () => {
    const sendVerificationRequest = async (): Promise<void> => {}
    const config = Object.freeze({
      id: "smtp",
      server: { host: "127.0.0.1", port: 2525 },
      from: "Example <no-reply@example.com>",
      maxAge: 600,
      sendVerificationRequest,
      generateVerificationToken: undefined,
    })
    const provider = Nodemailer(config)
    expect(provider).toMatchObject({
      id: "smtp",
      from: "Example <no-reply@example.com>",
      maxAge: 600,
    })
    expect(provider.server).toBe(config.server)
    expect(provider.sendVerificationRequest).toBe(sendVerificationRequest)
    expect(provider.options).toBe(config)
    expect("generateVerificationToken" in provider).toBe(false)
  })

  it("keeps the default sender when an option is explicitly undefined", () => {
    const provider = Nodemailer({
      server: smtp.url,
      sendVerificationRequest: undefined,
      from: undefined,
    })
    expect(typeof provider.sendVerificationRequest).toBe("function")
    expect(provider.from).toBe("Auth.js <no-reply@authjs.dev>")
  })

  it.each([{}, { server: "" }, undefined])("throws AuthError without a server (%j)", (config) => {
    expect(() => Nodemailer(config as never)).toThrow(AuthError)
    expect(() => Nodemailer(config as never)).toThrow(/requires a `server`/)
  })
})

describe("Email() (legacy)", () => {
  it("is the Nodemailer provider under the id email", () => {
    const provider = Email({ server: smtp.url })
    expect(provider).toMatchObject({
      id: "email",
      type: "email",
      name: "Email",
      from: "Auth.js <no-reply@authjs.dev>",
      maxAge: 86_400,
      server: smtp.url,
    })
    expect(() => Email({})).toThrow(AuthError)
  })
})

describe("the default sendVerificationRequest", () => {
  it("sends the built-in message over SMTP", async () => {
    const provider = Nodemailer({ server: smtp.url })
    const params = sendParams(provider, "jane@example.com", { theme: { brandColor: "#123456" } })
    await provider.sendVerificationRequest(params)

    const message = await smtp.waitForMessage((m) => m.to.includes("jane@example.com"))
    expect(message.to).toEqual(["jane@example.com"])
    // nodemailer quotes the display name because of its dot.
    expect(message.from).toBe('"Auth.js" <no-reply@authjs.dev>')
    // Both bodies crossed the wire quoted-printable, with soft line breaks in the HTML.
    expect(message.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i)
    expect(message.raw).toMatch(/=\r\n/)
    expect(message.headers.to).toBe("jane@example.com")
    expect(message.subject).toBe("Sign in to localhost:3000")
    expect(message.text).toBe(`Sign in to localhost:3000\n${params.url}\n\n`)
    expect(message.html).toContain(`href="${params.url.replaceAll("&", "&amp;")}"`)
    expect(message.html).toContain("Sign in to <strong>localhost:3000</strong>")
    expect(message.html).toContain('bgcolor="#123456"')
    // The recipient's address is only in the headers, never in the body.
    expect(message.text).not.toContain("jane@example.com")
    expect(message.html).not.toContain("jane@example.com")
  })

  it("uses the provider's from and the zero-width space in the host", async () => {
    const provider = Nodemailer({ server: smtp.url, from: "Example <login@example.com>" })
    const url = "https://app.example.com/auth/callback/nodemailer?token=t&email=kim%40example.com"
    await provider.sendVerificationRequest(sendParams(provider, "kim@example.com", { url }))

    const message = await smtp.waitForMessage((m) => m.to.includes("kim@example.com"))
    expect(message.from).toBe("Example <login@example.com>")
    expect(message.subject).toBe("Sign in to app.example.com")
    expect(message.html).toContain("app&#8203;.example&#8203;.com")
    expect(message.text).toContain(url)
  })

  it("rejects when the SMTP server rejects the recipient, without leaking the link", async () => {
    const provider = Nodemailer({ server: smtp.url })
    const params = sendParams(provider, "rejected@example.com")
    const error = await Promise.resolve(provider.sendVerificationRequest(params)).then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(/recipients were rejected/)
    expect(String((error as Error).message)).not.toContain(params.token)
    expect(smtp.messages.some((m) => m.to.includes("rejected@example.com"))).toBe(false)
  })

  it("throws, listing them, when recipients are rejected or pending", async () => {
    const transport = {
      name: "partial",
      version: "1.0.0",
      send(_mail: unknown, callback: (error: Error | null, info: unknown) => void) {
        callback(null, {
          messageId: "<1@test>",
          rejected: ["a@example.com"],
          pending: [{ name: "B", address: "b@example.com" }],
        })
      },
    }
    const provider = Nodemailer({ server: transport })
    const params = sendParams(provider, "a@example.com")
    const sent = Promise.resolve(provider.sendVerificationRequest(params))
    await expect(sent).rejects.toThrow("Email (a@example.com, b@example.com) could not be sent")
    await expect(sent).rejects.not.toThrow(params.token)
  })

  it("creates the transport once per provider and server", async () => {
    const mailers = new Set<unknown>()
    const transport = {
      name: "counting",
      version: "1.0.0",
      mailer: undefined as unknown,
      send(_mail: unknown, callback: (error: Error | null, info: unknown) => void) {
        mailers.add(this.mailer)
        callback(null, { messageId: "<2@test>", rejected: [], pending: [] })
      },
    }
    const provider = Nodemailer({ server: transport })
    await provider.sendVerificationRequest(sendParams(provider, "one@example.com"))
    await provider.sendVerificationRequest(sendParams(provider, "two@example.com"))
    expect(mailers.size).toBe(1)

    const other = { ...transport }
    await provider.sendVerificationRequest(
      sendParams({ ...provider, server: other }, "three@example.com"),
    )
    expect(mailers.size).toBe(2)
  })
})
