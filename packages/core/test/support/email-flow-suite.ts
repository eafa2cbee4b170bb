/**
 * The e-mail (magic link) flow through `Auth()`, with the Nodemailer provider delivering to a
 * real SMTP server: the test reads the link out of the message and follows it. Registered by
 * core on the memory adapter and by `@auth/pg-adapter` on PGlite and PostgreSQL.
 */
import { createHmac } from "node:crypto"
import { startSmtpServer, type TestSmtpServer } from "@auth/dev-servers"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { AdapterUser, VerificationToken } from "../../src/adapters.js"
import { decode } from "../../src/jwt.js"
import Nodemailer from "../../src/providers/nodemailer.js"
import type { AuthConfig, JWTCallbackParams, SignInCallbackParams } from "../../src/types.js"
import { recordAdapter, type TestBackend, type TestStore, uniqueEmail } from "./backend.js"
import { AuthClient, recordingLogger, SECRET, setCookies } from "./client.js"
import { linkInMessage, requestLink, withParam } from "./email.js"

const ORIGIN = "http://localhost:3000"
const COOKIE = "authjs.session-token"
const VERIFY_REQUEST = `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`
const VERIFICATION_ERROR = `${ORIGIN}/auth/error?error=Verification`
const EMAIL_SIGNIN_ERROR = `${ORIGIN}/auth/signin?error=EmailSignin`

/** The stored form of a token, computed independently of the implementation. */
function expectedHash(secret: string, token: string): string {
  return createHmac("sha256", secret)
    .update(`authjs.email-verification-token:${token}`)
    .digest("hex")
}

/** Registers the e-mail flow suite on a backend. */
export function describeEmailFlow(backend: TestBackend): void {
  describe.skipIf(backend.skip === true)(`e-mail sign-in (${backend.name})`, () => {
    let store: TestStore
    let smtp: TestSmtpServer

    beforeAll(async () => {
      ;[store, smtp] = await Promise.all([
        backend.open(),
        startSmtpServer({ rejectRecipients: (address) => address.startsWith("rejected") }),
      ])
    })

    afterAll(async () => {
      await Promise.all([store?.close(), smtp?.close()])
    })

    afterEach(() => {
      vi.useRealTimers()
    })

    function setup(overrides: Partial<AuthConfig> = {}, provider: Record<string, unknown> = {}) {
      const log: string[] = []
      const recorded = recordAdapter(store.adapter, log)
      const recorder = recordingLogger()
      const events: Array<[string, unknown]> = []
      const record = (name: string) => (message: unknown) => {
        log.push(`events.${name}`)
        events.push([name, message])
      }
      const config: AuthConfig = {
        secret: SECRET,
        trustHost: true,
        adapter: recorded.adapter,
        logger: recorder.logger,
        providers: [
          Nodemailer({ server: smtp.url, from: "Test <auth@example.test>", ...provider }),
        ],
        pages: { newUser: "/welcome" },
        events: {
          createUser: record("createUser"),
          updateUser: record("updateUser"),
          signIn: record("signIn"),
          signOut: record("signOut"),
        },
        ...overrides,
      }
      return { config, recorded, recorder, log, events, client: new AuthClient(config) }
    }

    /** Requests a link for `email` and returns it as read from the delivered message. */
    async function linkFor(client: AuthClient, email: string, callbackUrl = "/dashboard") {
      const earlier = new Set(smtp.messages)
      const response = await requestLink(client, email, { callbackUrl })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(VERIFY_REQUEST)
      const message = await smtp.waitForMessage(
        (candidate) => candidate.to.includes(email) && !earlier.has(candidate),
      )
      return linkInMessage(message)
    }

    async function storedTokensFor(identifier: string): Promise<VerificationToken[] | undefined> {
      const rows = await store.storedTokens?.()
      return rows?.filter((row) => row.identifier === identifier)
    }

    it("signs a new user up: mail delivered, link followed, user created, newUser page, session", async () => {
      const { client, log, events } = setup()
      const email = uniqueEmail("new")
      const link = await linkFor(client, email)
      const message = smtp.messages.find((entry) => entry.to.includes(email))!
      expect(message.subject).toBe("Sign in to localhost:3000")
      expect(message.from).toBe("Test <auth@example.test>")
      const url = new URL(link)
      expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/auth/callback/nodemailer`)
      expect([...url.searchParams.keys()]).toEqual(["callbackUrl", "token", "email"])
      expect(url.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard`)
      expect(url.searchParams.get("email")).toBe(email)
      expect(message.html).toContain(link.replaceAll("&", "&amp;"))

      log.length = 0
      const response = await client.get(link)
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(
        `/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}`,
      )
      const user = (await store.adapter.getUserByEmail!(email)) as AdapterUser
      expect(user.emailVerified).toBeInstanceOf(Date)
      expect(log.filter((entry) => /createUser|createSession|signIn/.test(entry))).toEqual([
        "adapter.createUser",
        "events.createUser",
        "adapter.createSession",
        "events.signIn",
      ])
      expect(events).toContainEqual([
        "signIn",
        {
          user,
          account: {
            provider: "nodemailer",
            type: "email",
            providerAccountId: email,
            userId: user.id,
          },
          isNewUser: true,
        },
      ])
      expect(events).toContainEqual([
        "createUser",
        { user: expect.objectContaining({ id: user.id }) },
      ])
      const session = setCookies(response).find((cookie) => cookie.name === COOKIE)
      expect((await store.adapter.getSessionAndUser!(session!.value))?.user.id).toBe(user.id)
      expect(await client.session()).toMatchObject({ user: { email } })
    })

    it("passes trigger signUp and isNewUser to the jwt callback on a first sign-in (jwt strategy)", async () => {
      const calls: JWTCallbackParams[] = []
      const { client } = setup({
        session: { strategy: "jwt" },
        callbacks: {
          jwt: (params) => {
            calls.push(params)
            return params.token
          },
        },
      })
      const email = uniqueEmail("signup")
      await client.get(await linkFor(client, email))
      const user = await store.adapter.getUserByEmail!(email)
      expect(calls[0]).toMatchObject({ trigger: "signUp", isNewUser: true, user: { id: user?.id } })
      expect(calls[0]).not.toHaveProperty("profile")
      const token = await decode({ token: client.jar.get(COOKIE)!, secret: SECRET, salt: COOKIE })
      // A string, as in Auth.js, whatever type the store gives ids.
      expect(token?.sub).toBe(String(user?.id))

      await client.get(await linkFor(client, email))
      expect(calls.at(-1)).toMatchObject({ trigger: "signIn", isNewUser: false })
    })

    it("signs an existing user in: emailVerified updated, updateUser event, back to the callback URL", async () => {
      const { client, events } = setup()
      const email = uniqueEmail("known")
      const created = await store.adapter.createUser!({
        id: crypto.randomUUID(),
        email,
        name: "Known",
        emailVerified: null,
      })
      const response = await client.get(await linkFor(client, email))
      expect(response.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
      const user = await store.adapter.getUser!(created.id)
      expect(user?.emailVerified).toBeInstanceOf(Date)
      expect(events.map(([name]) => name)).toEqual(["updateUser", "signIn"])
      expect(events[0]).toEqual(["updateUser", { user }])
      expect(events[1]?.[1]).toMatchObject({ user: { id: created.id }, isNewUser: false })
      expect(await client.session()).toMatchObject({ user: { email, name: "Known" } })
    })

    it("accepts the link by POST as well", async () => {
      const { client } = setup()
      const email = uniqueEmail("post")
      const link = await linkFor(client, email)
      const response = await client.postForm(link, {})
      expect(response.headers.get("location")).toMatch(/^\/welcome\?/)
      expect(await client.session()).toMatchObject({ user: { email } })
    })

    it("refuses a link used twice with Verification (error page status 403)", async () => {
      const { client } = setup()
      const email = uniqueEmail("reuse")
      const link = await linkFor(client, email)
      expect((await client.get(link)).status).toBe(302)
      const again = await new AuthClient(client.config).get(link)
      expect(again.headers.get("location")).toBe(VERIFICATION_ERROR)
      expect((await client.get(VERIFICATION_ERROR)).status).toBe(403)
    })

    it("refuses an expired link, and consumes it", async () => {
      const { client } = setup()
      const email = uniqueEmail("expired")
      const link = await linkFor(client, email)
      vi.useFakeTimers({ now: Date.now() + 86_400_000 + 1000, toFake: ["Date"] })
      const response = await client.get(link)
      expect(response.headers.get("location")).toBe(VERIFICATION_ERROR)
      expect(response.headers.getSetCookie()).toEqual([])
      vi.useRealTimers()
      expect((await client.get(link)).headers.get("location")).toBe(VERIFICATION_ERROR)
      expect(await store.adapter.getUserByEmail!(email)).toBeNull()
    })

    it("refuses an unknown token, a mismatched address and a link without token; the real link still works", async () => {
      const { client } = setup()
      const email = uniqueEmail("mismatch")
      const link = await linkFor(client, email)
      const forged = [
        withParam(link, "token", "f".repeat(64)),
        withParam(link, "email", uniqueEmail("attacker")),
        withParam(link, "email", "not an address"),
        `${ORIGIN}/auth/callback/nodemailer?email=${encodeURIComponent(email)}`,
        `${ORIGIN}/auth/callback/nodemailer?token=${new URL(link).searchParams.get("token")}`,
      ]
      for (const url of forged) {
        expect((await client.get(url)).headers.get("location")).toBe(VERIFICATION_ERROR)
      }
      expect(await client.session()).toBeNull()
      expect((await client.get(link)).status).toBe(302)
      expect(await client.session()).toMatchObject({ user: { email } })
    })

    it("normalizes the address: trimmed and lowercased before lookup, storage and sending", async () => {
      const { client, recorded } = setup()
      const email = uniqueEmail("mixed")
      const response = await requestLink(client, `  ${email.toUpperCase()} `)
      expect(response.headers.get("location")).toBe(VERIFY_REQUEST)
      await smtp.waitForMessage((message) => message.to.includes(email))
      expect(recorded.argsOf("createVerificationToken")[0]?.[0]).toMatchObject({
        identifier: email,
      })
    })

    it.each([
      ["a list", "a@b.com,evil.com"],
      ["two addresses", "a@b.com evil@x.com"],
      ["a display name", "Eve <eve@evil.com>"],
      ["a quoted local part", '"a@b.com"@evil.com'],
      ["a comment", "a(b)@evil.com"],
      ["a look-alike at sign", "a\uFF20b.com@evil.com"],
      ["no domain", "a@"],
      ["nothing", ""],
    ])("refuses %s with EmailSignin, sending and storing nothing", async (_label, address) => {
      const { client, recorded, recorder } = setup()
      const before = smtp.messages.length
      const response = await requestLink(client, address)
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(EMAIL_SIGNIN_ERROR)
      expect(recorded.argsOf("createVerificationToken")).toEqual([])
      expect(smtp.messages.length).toBe(before)
      expect(recorder.errors.map((error) => error.name)).toContain("EmailSignInError")
    })

    it("leaves no token behind and answers EmailSignin when the SMTP server rejects the recipient", async () => {
      const { client, recorded, recorder } = setup()
      const email = uniqueEmail("rejected")
      const response = await requestLink(client, email)
      expect(response.headers.get("location")).toBe(EMAIL_SIGNIN_ERROR)
      const [[stored]] = recorded.argsOf("createVerificationToken") as [[VerificationToken]]
      expect(recorded.argsOf("useVerificationToken")).toEqual([
        [{ identifier: email, token: stored.token }],
      ])
      expect(
        await store.adapter.useVerificationToken!({ identifier: email, token: stored.token }),
      ).toBeNull()
      expect(await storedTokensFor(email)).toEqual(store.storedTokens ? [] : undefined)
      const logged = recorder.errors.find((error) => error.name === "EmailSignInError")
      expect(String((logged?.cause as { err?: Error })?.err?.message)).toContain("rejected")
    })

    it("of concurrent clicks on one link, exactly one signs in", async () => {
      const { client, config } = setup()
      const email = uniqueEmail("concurrent")
      const link = await linkFor(client, email)
      const clients = Array.from({ length: 12 }, () => new AuthClient(config))
      const responses = await Promise.all(clients.map((each) => each.get(link)))
      const locations = responses.map((response) => response.headers.get("location"))
      expect(locations.filter((location) => location?.startsWith("/welcome"))).toHaveLength(1)
      expect(locations.filter((location) => location === VERIFICATION_ERROR)).toHaveLength(11)
      const sessions = await Promise.all(clients.map((each) => each.session()))
      expect(sessions.filter((session) => session !== null)).toHaveLength(1)
      expect(await store.adapter.getUserByEmail!(email)).not.toBeNull()
    })

    it("stores only a keyed hash of the token", async () => {
      const { client, recorded } = setup()
      const email = uniqueEmail("hashed")
      const link = await linkFor(client, email)
      const token = new URL(link).searchParams.get("token")!
      expect(token).toMatch(/^[0-9a-f]{64}$/)
      const [[stored]] = recorded.argsOf("createVerificationToken") as [[VerificationToken]]
      expect(stored.token).toBe(expectedHash(SECRET, token))
      expect(stored.token).not.toContain(token)
      expect(stored.expires.valueOf()).toBeGreaterThan(Date.now() + 86_400_000 - 60_000)
      expect(stored.expires.valueOf()).toBeLessThanOrEqual(Date.now() + 86_400_000)
      const rows = await storedTokensFor(email)
      if (rows) expect(rows.map((row) => row.token)).toEqual([expectedHash(SECRET, token)])
      expect(await store.adapter.useVerificationToken!({ identifier: email, token })).toBeNull()
    })

    it("uses the provider's generateVerificationToken, maxAge and secret", async () => {
      const token = `custom-${crypto.randomUUID()}`
      const providerSecret = `provider-${SECRET}`
      const { client, recorded } = setup(
        {},
        {
          generateVerificationToken: () => token,
          maxAge: 600,
          secret: providerSecret,
        },
      )
      const email = uniqueEmail("custom")
      const link = await linkFor(client, email)
      expect(new URL(link).searchParams.get("token")).toBe(token)
      const [[stored]] = recorded.argsOf("createVerificationToken") as [[VerificationToken]]
      expect(stored.token).toBe(expectedHash(providerSecret, token))
      expect(stored.expires.valueOf()).toBeLessThanOrEqual(Date.now() + 600_000)
      expect((await client.get(link)).status).toBe(302)
      expect(await client.session()).toMatchObject({ user: { email } })
    })

    it("accepts links hashed with any of the secrets after a rotation", async () => {
      const oldSecret = `old-${SECRET}`
      const newSecret = `new-${SECRET}`
      const before = setup({ secret: oldSecret })
      const email = uniqueEmail("rotation")
      const link = await linkFor(before.client, email)
      const removed = setup({ secret: newSecret })
      expect((await removed.client.get(link)).headers.get("location")).toBe(VERIFICATION_ERROR)
      const rotated = setup({ secret: [newSecret, oldSecret] })
      expect((await rotated.client.get(link)).status).toBe(302)
      expect(await rotated.client.session()).toMatchObject({ user: { email } })
      const next = uniqueEmail("rotated")
      await linkFor(rotated.client, next)
      const [[stored]] = rotated.recorded.argsOf("createVerificationToken") as [[VerificationToken]]
      const sent = linkInMessage(await smtp.waitForMessage((message) => message.to.includes(next)))
      expect(stored.token).toBe(expectedHash(newSecret, new URL(sent).searchParams.get("token")!))
    })

    it("runs the signIn callback on the request (verificationRequest) and on the click", async () => {
      const calls: SignInCallbackParams[] = []
      const { client } = setup({
        callbacks: {
          signIn: (params) => {
            calls.push(params)
            return true
          },
        },
      })
      const email = uniqueEmail("callback")
      await client.get(await linkFor(client, email))
      expect(calls[0]).toMatchObject({
        user: { email, emailVerified: null },
        account: { provider: "nodemailer", type: "email", providerAccountId: email },
        email: { verificationRequest: true },
      })
      expect(calls[0]?.user).not.toHaveProperty("id")
      expect(calls[1]).not.toHaveProperty("email")
      expect(calls[1]).toMatchObject({ user: { email }, account: { providerAccountId: email } })
    })

    it("sends nothing when the signIn callback refuses or redirects the request", async () => {
      const email = uniqueEmail("refused")
      const denied = setup({ callbacks: { signIn: () => false } })
      const response = await requestLink(denied.client, email)
      expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`)
      const redirected = setup({ callbacks: { signIn: () => "/blocked" } })
      const other = await requestLink(redirected.client, email)
      expect(other.headers.get("location")).toBe(`${ORIGIN}/blocked`)
      for (const { recorded } of [denied, redirected]) {
        expect(recorded.argsOf("createVerificationToken")).toEqual([])
      }
      expect(smtp.messages.some((message) => message.to.includes(email))).toBe(false)
    })

    it("signs out: the stored session is deleted", async () => {
      const { client, events } = setup()
      const email = uniqueEmail("signout")
      await client.get(await linkFor(client, email))
      const sessionToken = client.jar.get(COOKIE)!
      const csrfToken = await client.csrfToken()
      await client.postForm("/signout", { csrfToken })
      expect(await store.adapter.getSessionAndUser!(sessionToken)).toBeNull()
      expect(events.at(-1)).toEqual([
        "signOut",
        { session: expect.objectContaining({ sessionToken }) },
      ])
      expect(await client.session()).toBeNull()
    })
  })
}
