import { describe, expect, it } from "vitest"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET, setCookies } from "./support/client.js"

const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  logger: recordingLogger().logger,
  providers: [Credentials({ authorize: () => DEMO_USER })],
}

const HOSTILE = [
  "https://evil.example/steal",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http://localhost:3000.evil.example/",
  "http://localhost:3000@evil.example/",
  "https://localhost:3000/",
  "http://localhost:3001/",
  "ht\ttp://evil.example",
  "http://[::1",
  "%zz",
]

describe("callbackUrl", () => {
  it.each(HOSTILE)("falls back to the origin for %j in the body", async (callbackUrl) => {
    const client = new AuthClient(config)
    const csrfToken = await client.csrfToken()
    const response = await client.postForm("/callback/credentials", { csrfToken, callbackUrl })
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get("location")!).origin).toBe("http://localhost:3000")
  })

  it.each(HOSTILE)(
    "falls back to the origin for %j in the query and in the cookie",
    async (callbackUrl) => {
      const client = new AuthClient(config)
      const page = await client.get(`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`)
      expect(page.status).toBe(200)
      const cookie = setCookies(page).find((c) => c.name === "authjs.callback-url")
      expect(new URL(cookie!.value).origin).toBe("http://localhost:3000")

      const withCookie = new AuthClient(config)
      withCookie.jar.set("authjs.callback-url", callbackUrl)
      const csrfToken = await withCookie.csrfToken()
      const response = await withCookie.postForm("/signout", { csrfToken })
      expect(new URL(response.headers.get("location")!).origin).toBe("http://localhost:3000")
    },
  )

  it("leaves a callback URL too long for a cookie out of the cookie, with a warning, and still returns to it", async () => {
    const recorder = recordingLogger()
    const client = new AuthClient({ ...config, logger: recorder.logger })
    const long = `/${"a".repeat(8000)}`
    const page = await client.get(`/signin?callbackUrl=${long}`)
    expect(page.status).toBe(200)
    expect(setCookies(page).map((cookie) => cookie.name)).not.toContain("authjs.callback-url")
    expect(recorder.warnings).toContain("callback-url-too-long")
    const csrfToken = await client.csrfToken()
    const signIn = await client.postForm("/callback/credentials", {
      csrfToken,
      callbackUrl: long,
    })
    expect(signIn.headers.get("location")).toBe(`http://localhost:3000${long}`)
    expect(setCookies(signIn).map((cookie) => cookie.name)).not.toContain("authjs.callback-url")
    const fits = `/${"a".repeat(3000)}`
    const kept = await client.get(`/signin?callbackUrl=${fits}`)
    expect(setCookies(kept).find((cookie) => cookie.name === "authjs.callback-url")?.value).toBe(
      `http://localhost:3000${fits}`,
    )
  })

  it("keeps same-origin paths and absolute URLs", async () => {
    const client = new AuthClient(config)
    const csrfToken = await client.csrfToken()
    for (const [input, expected] of [
      ["/dashboard?tab=1#x", "http://localhost:3000/dashboard?tab=1#x"],
      ["http://localhost:3000/a", "http://localhost:3000/a"],
    ]) {
      const response = await client.postForm("/signout", { csrfToken, callbackUrl: input! })
      expect(response.headers.get("location")).toBe(expected)
    }
  })

  it("uses a custom redirect callback, but never a value unsafe for a header", async () => {
    const client = new AuthClient({
      ...config,
      callbacks: {
        redirect: ({ url }) =>
          url === "/partner" ? "https://partner.example/welcome" : "bad\nvalue",
      },
    })
    const csrfToken = await client.csrfToken()
    const partner = await client.postForm("/signout", { csrfToken, callbackUrl: "/partner" })
    expect(partner.headers.get("location")).toBe("https://partner.example/welcome")
    const bad = await client.postForm("/signout", { csrfToken, callbackUrl: "/x" })
    expect(bad.headers.get("location")).toBe("http://localhost:3000")
  })

  it("prefers the body over the query over the cookie", async () => {
    const client = new AuthClient(config)
    client.jar.set("authjs.callback-url", "http://localhost:3000/from-cookie")
    const csrfToken = await client.csrfToken()
    const body = await client.postForm("/signout?callbackUrl=/from-query", {
      csrfToken,
      callbackUrl: "/from-body",
    })
    expect(body.headers.get("location")).toBe("http://localhost:3000/from-body")
    client.jar.set("authjs.callback-url", "http://localhost:3000/from-cookie")
    const query = await client.postForm("/signout?callbackUrl=/from-query", { csrfToken })
    expect(query.headers.get("location")).toBe("http://localhost:3000/from-query")
    client.jar.set("authjs.callback-url", "http://localhost:3000/from-cookie")
    const cookie = await client.postForm("/signout", { csrfToken })
    expect(cookie.headers.get("location")).toBe("http://localhost:3000/from-cookie")
  })
})
