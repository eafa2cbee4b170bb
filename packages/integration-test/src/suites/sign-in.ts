import { describe, expect, it } from "vitest"
import { locationOf } from "../client.js"
import type { ContractContext } from "../context.js"
import { parseSetCookie } from "../cookie-jar.js"
import { COOKIES } from "../fixtures.js"

/** Credentials sign-in and its failures, session read and update, sign-out, CSRF. */
export function describeSignIn(context: ContractContext): void {
  const { credentials, user } = context.account

  async function signedInClient() {
    const client = context.client()
    const response = await client.signIn({ ...credentials, callbackUrl: "/" })
    expect(response.status).toBe(302)
    expect(client.jar.has(COOKIES.session)).toBe(true)
    return client
  }

  describe("credentials sign-in", () => {
    it("redirects to the callback URL with a session cookie", async () => {
      const client = context.client()
      const response = await client.signIn({
        ...credentials,
        callbackUrl: `${context.baseUrl}/dashboard?tab=1`,
      })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${context.baseUrl}/dashboard?tab=1`)
      // Auth.js's Express adapter sent an empty `Content-Type:` on redirects.
      expect(response.headers.get("content-type")).toBeNull()
      const cookie = response.headers
        .getSetCookie()
        .map(parseSetCookie)
        .find((c) => c.name === COOKIES.session)
      expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/)
      expect(cookie).toMatchObject({ httpOnly: true, path: "/", sameSite: "Lax" })
    })

    it("resolves a relative callback URL against the server's origin", async () => {
      const response = await context.client().signIn({ ...credentials, callbackUrl: "/here" })
      expect(response.headers.get("location")).toBe(`${context.baseUrl}/here`)
    })

    it("a wrong password redirects to the sign-in page with CredentialsSignin", async () => {
      const client = context.client()
      const response = await client.signIn({ ...credentials, password: "wrong" })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(
        `${context.baseUrl}${context.basePath}/signin?error=CredentialsSignin&code=credentials`,
      )
      expect(client.jar.has(COOKIES.session)).toBe(false)
    })

    // Twelve sign-ins at once, each checking a password (the example apps hash theirs): more time.
    it("limits a flood of wrong passwords for one identifier (rateLimit, on by default)", {
      timeout: 60_000,
    }, async () => {
      // A fresh identifier of its own, so that no other test's user is locked out.
      const identifier = `flood-${crypto.randomUUID()}@example.test`
      const fields = Object.fromEntries(
        Object.keys(credentials).map((name) => [name, name === "password" ? "wrong" : identifier]),
      )
      const clients = Array.from({ length: 12 }, () => context.client())
      const responses = await Promise.all(clients.map((client) => client.signIn(fields)))
      const errors = responses.map((response) =>
        new URL(response.headers.get("location") ?? "", context.baseUrl).searchParams.get("error"),
      )
      // At most 10 attempts on one identifier reach `authorize`; the others are refused first.
      expect(errors.filter((error) => error === "CredentialsSignin").length).toBeLessThanOrEqual(10)
      expect(errors.filter((error) => error === "RateLimited").length).toBeGreaterThanOrEqual(2)
      expect(
        errors.every((error) => error === "CredentialsSignin" || error === "RateLimited"),
      ).toBe(true)
      // Locked out now, the right password too: nothing about the identifier is revealed.
      const locked = await context.client().signIn({ ...fields, password: credentials.password })
      expect(locked.headers.get("location")).toContain("error=RateLimited")
    })

    it("accepts a JSON body as well as a form", async () => {
      const client = context.client()
      const csrfToken = await client.csrfToken()
      const response = await client.postJson("/callback/credentials", {
        ...credentials,
        csrfToken,
        callbackUrl: "/json",
      })
      expect(response.headers.get("location")).toBe(`${context.baseUrl}/json`)
      expect(client.jar.has(COOKIES.session)).toBe(true)
    })
  })

  describe("session", () => {
    it("is null without a session cookie, and never cached", async () => {
      const response = await context.client().action("/session")
      expect(response.status).toBe(200)
      expect(response.headers.get("cache-control")).toContain("no-store")
      expect(await response.json()).toBeNull()
    })

    it("is the signed-in user, through /session and the app's getter", async () => {
      const client = await signedInClient()
      const session = await client.session()
      expect(session).toMatchObject({
        user: { name: user.name, email: user.email },
        expires: expect.any(String),
      })
      const me = await client.fetch("/me")
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ user: { email: user.email } })
    })

    it("POST /session with the CSRF token updates the session (jwt trigger update)", async () => {
      const client = await signedInClient()
      const csrfToken = await client.csrfToken()
      const response = await client.postJson("/session", { csrfToken, data: { name: "Grace" } })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ user: { name: "Grace" } })
      expect(await client.session()).toMatchObject({ user: { name: "Grace" } })
    })

    it("POST /session without a valid CSRF token answers 400 null", async () => {
      const client = await signedInClient()
      const response = await client.postJson("/session", {
        csrfToken: "forged",
        data: { name: "X" },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toBeNull()
      expect(await client.session()).toMatchObject({ user: { name: user.name } })
    })
  })

  describe("sign-out", () => {
    it("clears the session cookie and redirects to the callback URL", async () => {
      const client = await signedInClient()
      const csrfToken = await client.csrfToken()
      const response = await client.postForm("/signout", { csrfToken, callbackUrl: "/bye" })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(`${context.baseUrl}/bye`)
      const cleared = response.headers
        .getSetCookie()
        .map(parseSetCookie)
        .find((c) => c.name === COOKIES.session)
      expect(cleared?.value).toBe("")
      expect(client.jar.has(COOKIES.session)).toBe(false)
      expect(await client.session()).toBeNull()
      expect(await (await client.fetch("/me")).json()).toBeNull()
    })
  })

  describe("CSRF", () => {
    const missingCsrf = () => `${context.baseUrl}${context.basePath}/signin?error=MissingCSRF`

    it("POST /signout without a token is refused", async () => {
      const client = await signedInClient()
      const response = await client.postForm("/signout", {})
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe(missingCsrf())
      expect(await client.session()).not.toBeNull()
    })

    it("POST /signout with another client's token is refused", async () => {
      const client = await signedInClient()
      const other = await context.client().csrfToken()
      await client.csrfToken()
      const response = await client.postForm("/signout", { csrfToken: other })
      expect(response.headers.get("location")).toBe(missingCsrf())
      expect(await client.session()).not.toBeNull()
    })

    it("a credentials sign-in without the CSRF cookie is refused", async () => {
      const client = context.client()
      const csrfToken = await context.client().csrfToken()
      const response = await client.postForm("/callback/credentials", {
        ...credentials,
        csrfToken,
      })
      expect(locationOf(response, context.baseUrl).href).toBe(missingCsrf())
      expect(client.jar.has(COOKIES.session)).toBe(false)
    })
  })
}
