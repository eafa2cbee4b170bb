import { describe, expect, it } from "vitest"
import { locationOf } from "../client.js"
import type { ContractContext } from "../context.js"
import { parseSetCookie } from "../cookie-jar.js"
import { COOKIES } from "../fixtures.js"

const FORM = { "content-type": "application/x-www-form-urlencoded" }
const JSON_TYPE = { "content-type": "application/json" }
const ONE_MEGABYTE = 1024 * 1024

/** Redirect targets that must never leave the app's origin. */
const HOSTILE_CALLBACK_URLS = [
  "https://evil.example/steal",
  "//evil.example/steal",
  "/\\evil.example/steal",
  "javascript:alert(document.cookie)",
  "data:text/html,<script>alert(1)</script>",
  "http://127.0.0.1.evil.example/",
]

/** `Host` values shaped like hosts that no URL can have (a port, an IPv4 or IPv6 address out of range). */
const INVALID_HOSTS = ["evil.example:99999", "1.2.3.256", "[::::]", "999999999999"]

/** Headers a client forges to move redirects and cookies to another origin. */
const FORGED = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }

/**
 * Bad input through the framework: every case gets a clear 4xx or a safe redirect, and the
 * server keeps serving afterwards.
 */
export function describeBadInput(context: ContractContext): void {
  describe("bad input", () => {
    it.each([
      ["/session", "{not json"],
      ["/callback/credentials", '{"csrfToken":'],
      ["/signout", "[1, 2, 3]"],
    ])("POST <basePath>%s with malformed JSON answers 400", async (action, body) => {
      const client = context.client()
      await client.csrfToken()
      const response = await client.action(action, { method: "POST", headers: JSON_TYPE, body })
      expect(response.status).toBe(400)
    })

    it("a 1 MB body answers 413", async () => {
      const body = `csrfToken=x&filler=${"a".repeat(ONE_MEGABYTE)}`
      const response = await context
        .client()
        .action("/callback/credentials", { method: "POST", headers: FORM, body })
      expect(response.status).toBe(413)
    })

    it("a 1 MB body streamed without Content-Length answers 413", async () => {
      const chunk = new TextEncoder().encode("a".repeat(64 * 1024))
      let sent = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < ONE_MEGABYTE / chunk.byteLength) controller.enqueue(chunk)
          else controller.close()
        },
      })
      const response = await context.client().action("/signout", {
        method: "POST",
        headers: FORM,
        body,
        duplex: "half",
      } as RequestInit)
      expect(response.status).toBe(413)
    })

    it("an unsupported content type answers 415", async () => {
      const response = await context.client().action("/signout", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "csrfToken=x",
      })
      expect(response.status).toBe(415)
    })

    it("a repeated csrfToken answers 400", async () => {
      const client = context.client()
      const csrfToken = await client.csrfToken()
      const body = new URLSearchParams([
        ["csrfToken", csrfToken],
        ["csrfToken", "other"],
      ])
      const response = await client.action("/signout", { method: "POST", headers: FORM, body })
      expect(response.status).toBe(400)
    })

    it.each([
      ["a session token that is not a JWT", `${COOKIES.session}=not-a-jwt`],
      [
        "a session token of random base64url",
        `${COOKIES.session}=${"eyJhbGciOi".repeat(3)}.a.b.c.d`,
      ],
      [
        "broken percent-encoding and quotes",
        `${COOKIES.session}="%E0%A4%A; =; ;;; ${COOKIES.csrf}=%`,
      ],
      ["a cookie named __proto__", "__proto__=1; constructor=2"],
    ])("%s reads as no session", async (_, cookie) => {
      const client = context.client()
      const session = await client.action("/session", { headers: { cookie } })
      expect(session.status).toBe(200)
      expect(await session.json()).toBeNull()
      const me = await client.fetch("/me", { headers: { cookie } })
      expect(await me.json()).toBeNull()
      const page = await client.fetch("/protected", { headers: { cookie } })
      expect(page.status).toBe(303)
    })

    it("a forged CSRF cookie is replaced, never trusted", async () => {
      const client = context.client()
      client.jar.set(COOKIES.csrf, "forged-token%7Cforged-hash")
      const response = await client.action("/csrf")
      expect(response.status).toBe(200)
      const { csrfToken } = (await response.json()) as { csrfToken: string }
      expect(csrfToken).not.toBe("forged-token")
      expect(client.jar.get(COOKIES.csrf)).not.toBe("forged-token%7Cforged-hash")
      const signOut = await client.postForm("/signout", { csrfToken: "forged-token" })
      expect(signOut.headers.get("location")).toContain("error=MissingCSRF")
    })

    it("an oversized Cookie header gets a 4xx", async () => {
      const cookie = `${COOKIES.session}=${"x".repeat(64 * 1024)}`
      const response = await context.client().action("/session", { headers: { cookie } })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    })

    describe.each(HOSTILE_CALLBACK_URLS)("callbackUrl %s", (callbackUrl) => {
      it("a sign-in redirects on the app's origin", async () => {
        const response = await context
          .client()
          .signIn({ ...context.account.credentials, callbackUrl })
        expect(response.status).toBe(302)
        expect(locationOf(response, context.baseUrl).origin).toBe(context.baseUrl)
      })

      it("a sign-out redirects on the app's origin", async () => {
        const client = context.client()
        const csrfToken = await client.csrfToken()
        const response = await client.postForm("/signout", { csrfToken, callbackUrl })
        expect(response.status).toBe(302)
        expect(locationOf(response, context.baseUrl).origin).toBe(context.baseUrl)
      })

      it("the sign-in page never stores it", async () => {
        const client = context.client()
        const query = new URLSearchParams({ callbackUrl })
        const response = await client.action(`/signin?${query}`)
        expect(response.status).toBe(200)
        const stored = client.jar.get(COOKIES.callbackUrl)
        if (stored !== undefined) {
          expect(new URL(decodeURIComponent(stored)).origin).toBe(context.baseUrl)
        }
        expect(await response.text()).not.toContain("evil.example")
      })
    })

    describe("forged X-Forwarded-Host / X-Forwarded-Proto from an untrusted client", () => {
      it("error redirects stay on the real host", async () => {
        const client = context.client()
        const csrfToken = await client.csrfToken()
        const response = await client.postForm(
          "/callback/credentials",
          { ...context.account.credentials, password: "wrong", csrfToken },
          FORGED,
        )
        expect(response.headers.get("location")).toBe(
          `${context.baseUrl}${context.basePath}/signin?error=CredentialsSignin&code=credentials`,
        )
      })

      it("provider URLs stay on the real host", async () => {
        const response = await context.client().action("/providers", { headers: FORGED })
        const providers = (await response.json()) as Record<string, { signinUrl: string }>
        expect(providers.credentials?.signinUrl).toBe(
          `${context.baseUrl}${context.basePath}/signin/credentials`,
        )
      })

      it("a sign-in redirects to the real host with http:// cookie names", async () => {
        const client = context.client()
        const csrfResponse = await client.action("/csrf", { headers: FORGED })
        expect(csrfResponse.headers.getSetCookie().map((c) => parseSetCookie(c).name)).toContain(
          COOKIES.csrf,
        )
        const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string }
        const response = await client.postForm(
          "/callback/credentials",
          { ...context.account.credentials, csrfToken, callbackUrl: "/after" },
          FORGED,
        )
        expect(response.headers.get("location")).toBe(`${context.baseUrl}/after`)
        expect(client.jar.has(COOKIES.session)).toBe(true)
        const me = await client.fetch("/me", { headers: FORGED })
        expect(await me.json()).toMatchObject({ user: { email: context.account.user.email } })
      })

      it("the protected-route redirect stays on the real host", async () => {
        const response = await context.client().fetch("/protected", { headers: FORGED })
        expect(response.status).toBe(303)
        expect(locationOf(response, context.baseUrl).origin).toBe(context.baseUrl)
      })
    })

    it("a Host header that is not a host gets a 4xx", async () => {
      const response = await context.client().raw({
        path: `${context.basePath}/providers`,
        headers: { host: "evil.example/path?x=" },
      })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    })

    it.each(INVALID_HOSTS)(
      "a Host no URL can have (%s) gets a 4xx from the auth routes and route protection, never a 500",
      async (host) => {
        const client = context.client()
        const action = await client.raw({
          path: `${context.basePath}/providers`,
          headers: { host },
        })
        expect(action.status).toBeGreaterThanOrEqual(400)
        expect(action.status).toBeLessThan(500)
        const page = await client.raw({ path: "/protected", headers: { host } })
        expect(page.status).toBeGreaterThanOrEqual(400)
        expect(page.status).toBeLessThan(500)
        const me = await client.raw({ path: "/me", headers: { host } })
        expect(me.status).toBeLessThan(500)
      },
    )

    it("an absolute-form request target does not move the origin", async () => {
      const response = await context.client().raw({
        path: `http://evil.example${context.basePath}/providers`,
      })
      if (response.status === 200) {
        const providers = JSON.parse(response.body) as Record<string, { signinUrl: string }>
        expect(providers.credentials?.signinUrl).toBe(
          `${context.baseUrl}${context.basePath}/signin/credentials`,
        )
      } else if (response.status >= 300 && response.status < 400) {
        // Next.js's router (before any app code) answers a target with `//` in it with a 308
        // that collapses the slashes: Next.js 15 to `http:/evil.example/…` (on the app's origin
        // for a browser), Next.js 16 back to the very URL the client named. Only a non-browser
        // client sends an absolute-form target, so either moves nothing of the app's.
        const location = new URL(String(response.headers.location), context.baseUrl)
        expect([context.baseUrl, "http://evil.example"]).toContain(location.origin)
        if (location.origin !== context.baseUrl) {
          expect(location.href).toBe(`http://evil.example${context.basePath}/providers`)
        }
      } else {
        expect(response.status).toBeGreaterThanOrEqual(400)
        expect(response.status).toBeLessThan(500)
      }
    })

    it("the server keeps serving after all of it", async () => {
      const client = context.client()
      expect((await client.action("/csrf")).status).toBe(200)
      const response = await client.signIn({ ...context.account.credentials, callbackUrl: "/" })
      expect(response.status).toBe(302)
      expect(await client.session()).toMatchObject({ user: { email: context.account.user.email } })
    })
  })
}
