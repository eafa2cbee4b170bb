/**
 * The attacks of the hardening issue, replayed over real HTTP through `ExpressAuth` (Express 5
 * and 4): cross-site posts with a planted CSRF cookie, bodies whose content type only mentions
 * JSON or that repeat a JSON member, a burst of sign-in e-mails to one address, cacheable and
 * frameable pages, and session tokens in debug logs.
 */
import { MemoryAdapter } from "@auth/core/memory-adapter"
import type { EmailConfig } from "@auth/core/providers/email"
import { HttpClient, locationOf } from "@auth/integration-test"
import { afterEach, describe, expect, it } from "vitest"
import { ExpressAuth } from "../src/index.js"
import { EXPRESS_VERSIONS } from "./app.js"
import { PASSWORD, type Running, serve, testConfig } from "./support.js"

let running: Running | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** An e-mail provider that keeps the links instead of sending them. */
function capturingEmail(): { provider: EmailConfig; sent: string[] } {
  const sent: string[] = []
  const provider: EmailConfig = {
    id: "email",
    name: "Email",
    type: "email",
    maxAge: 3600,
    sendVerificationRequest: ({ url }) => void sent.push(url),
  }
  return { provider, sent }
}

describe.each(EXPRESS_VERSIONS)("%s", (_, createApp) => {
  it("refuses a cross-site sign-out that carries a planted CSRF cookie and its token", async () => {
    const { config, errors } = testConfig()
    running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
    const { client } = running
    await client.signIn({ username: "ada", password: PASSWORD })
    const attacker = new HttpClient(running.baseUrl, "/auth")
    const plantedToken = await attacker.csrfToken()
    client.jar.set("authjs.csrf-token", attacker.jar.get("authjs.csrf-token")!)

    const response = await client.postForm(
      "/signout",
      { csrfToken: plantedToken },
      { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    )
    expect(response.status).toBe(302)
    expect(locationOf(response, running.baseUrl).searchParams.get("error")).toBe("MissingCSRF")
    expect(await client.session()).toMatchObject({ user: { name: "Ada Lovelace" } })
    expect(errors.at(-1)?.message).toContain("Origin http://evil.example")

    const sameOrigin = await client.postForm(
      "/signout",
      { csrfToken: plantedToken },
      { origin: running.baseUrl, "sec-fetch-site": "same-origin" },
    )
    expect(locationOf(sameOrigin, running.baseUrl).searchParams.get("error")).toBeNull()
    expect(await client.session()).toBeNull()
  })

  it("answers a body whose content type only mentions JSON with 415, and a repeated JSON member with 400", async () => {
    const { config, captured } = testConfig()
    running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
    const { client } = running
    const csrfToken = await client.csrfToken()
    const body = JSON.stringify({ csrfToken, username: "ada", password: PASSWORD })
    const textPlain = await client.action("/callback/credentials", {
      method: "POST",
      headers: { "content-type": "text/plain; charset=application/json" },
      body,
    })
    expect(textPlain.status).toBe(415)
    const repeated = await client.action("/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"csrfToken":"${csrfToken}","username":"x","username":"ada","password":"${PASSWORD}"}`,
    })
    expect(repeated.status).toBe(400)
    expect(captured).toEqual([])
    expect(await client.session()).toBeNull()
  })

  it("sends at most 5 sign-in e-mails to one address, then redirects with RateLimited", async () => {
    const { provider, sent } = capturingEmail()
    const { config, errors } = testConfig({ adapter: MemoryAdapter(), providers: [provider] })
    running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
    const errorsSeen: Array<string | null> = []
    for (let i = 0; i < 12; i++) {
      const { client } = running
      const response = await client.postForm("/signin/email", {
        csrfToken: await client.csrfToken(),
        email: "victim@example.test",
      })
      errorsSeen.push(locationOf(response, running.baseUrl).searchParams.get("error"))
    }
    expect(sent).toHaveLength(5)
    expect(errorsSeen.slice(0, 5)).toEqual(Array(5).fill(null))
    expect(errorsSeen.slice(5)).toEqual(Array(7).fill("RateLimited"))
    // Refusals are warnings (`rate-limited`), not errors.
    expect(errors.filter((error) => error.message.startsWith("Too many"))).toHaveLength(0)
  })

  it("serves the sign-in and sign-out pages uncached, framed by the app's own pages only", async () => {
    const { config } = testConfig()
    running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
    for (const page of ["/signin", "/signout", "/error", "/verify-request"]) {
      const response = await running.client.action(page)
      expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN")
      expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'self'")
    }
  })

  it('serves them unframeable with frameAncestors: "none"', async () => {
    const { config } = testConfig({ frameAncestors: "none" })
    running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
    const response = await running.client.action("/signin")
    expect(response.headers.get("x-frame-options")).toBe("DENY")
    expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'")
  })

  it("logs no database session token with debug on", async () => {
    const lines: string[] = []
    const { config } = testConfig({
      debug: true,
      adapter: MemoryAdapter(),
      session: { strategy: "database" },
      logger: {
        error: (error) => void lines.push(`${error.name} ${error.message} ${String(error.cause)}`),
        warn: (code) => void lines.push(code),
        debug: (message, metadata) => void lines.push(`${message} ${JSON.stringify(metadata)}`),
      },
    })
    running = await serve(createApp, (app) => app.use("/auth", ExpressAuth(config)))
    const { client } = running
    await client.signIn({ username: "ada", password: PASSWORD })
    const sessionToken = client.jar.get("authjs.session-token")
    expect(sessionToken).toBeTruthy()
    expect(await client.session()).toMatchObject({ user: { name: "Ada Lovelace" } })
    await client.postForm("/signout", { csrfToken: await client.csrfToken() })
    const text = lines.join("\n")
    expect(text).toContain("adapter_getSessionAndUser")
    expect(text).not.toContain(sessionToken!)
  })
})
