/**
 * The attack: 40 sign-in links to one address in a few seconds (mail-bombing an inbox, burning
 * the sender's reputation). Sign-in e-mails are limited per address and per client; over a
 * limit the user is sent back to the sign-in page with `error=RateLimited`, nothing is stored
 * or sent, and the cause is logged.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { Auth, checkConfig } from "../src/index.js"
import { attachClientAddress, getSession } from "../src/server.js"
import type { AuthConfig, RateLimitStore } from "../src/types.js"
import { emailApp } from "./support/apps.js"
import { AuthClient } from "./support/client.js"

const ORIGIN = "http://localhost:3000"
const VERIFY_REQUEST = `${ORIGIN}/auth/verify-request?provider=email&type=email`
const EMAIL_SIGNIN_ERROR = `${ORIGIN}/auth/signin?error=RateLimited`

afterEach(() => {
  vi.useRealTimers()
})

function setup(overrides: Partial<AuthConfig> = {}) {
  return emailApp({ config: overrides })
}

/** Requests a link as a client, optionally from a given address (as a proxy reports it). */
async function request(config: AuthConfig, address: string, clientIp?: string): Promise<Response> {
  const client = new AuthClient(config)
  const headers = clientIp ? { "x-forwarded-for": clientIp } : undefined
  const csrfToken = await client.csrfToken()
  return client.postForm("/signin/email", { csrfToken, email: address }, headers)
}

describe("sign-in e-mails per address", () => {
  it("sends 5 links to one address in 15 minutes, and refuses the other 35 of 40", async () => {
    const { config, sent, recorded, recorder } = setup()
    const locations: string[] = []
    for (let i = 0; i < 40; i++) {
      locations.push((await request(config, "victim@example.test")).headers.get("location")!)
    }
    expect(locations.slice(0, 5)).toEqual(Array(5).fill(VERIFY_REQUEST))
    expect(locations.slice(5)).toEqual(Array(35).fill(EMAIL_SIGNIN_ERROR))
    expect(sent).toHaveLength(5)
    expect(recorded.argsOf("createVerificationToken")).toHaveLength(5)
    // One warning per refusal, naming neither the address nor the client; no error.
    const refused = recorder.warnings.filter((code) => code === "rate-limited")
    expect(refused).toHaveLength(35)
    expect(recorder.errors).toEqual([])
  })

  it("counts addresses after normalization, and each address apart", async () => {
    const { config, sent } = setup()
    for (const spelling of [
      "A@example.test",
      " a@example.test",
      "a@EXAMPLE.test",
      "a@example.test",
      "A@Example.Test",
    ]) {
      expect((await request(config, spelling)).headers.get("location")).toBe(VERIFY_REQUEST)
    }
    expect((await request(config, "a@example.test")).headers.get("location")).toBe(
      EMAIL_SIGNIN_ERROR,
    )
    expect((await request(config, "b@example.test")).headers.get("location")).toBe(VERIFY_REQUEST)
    expect(sent).toHaveLength(6)
  })

  it("answers alike whether or not the address belongs to a user", async () => {
    const { config, recorded } = setup()
    await recorded.adapter.createUser!({
      id: "u1",
      email: "known@example.test",
      emailVerified: null,
    })
    for (let i = 0; i < 5; i++) {
      await request(config, "known@example.test")
      await request(config, "unknown@example.test")
    }
    const known = await request(config, "known@example.test")
    const unknown = await request(config, "unknown@example.test")
    expect(known.status).toBe(unknown.status)
    expect(known.headers.get("location")).toBe(unknown.headers.get("location"))
    expect(recorded.argsOf("getUserByEmail")).toHaveLength(10)
  })

  it("allows links again once the window is over", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(Date.UTC(2026, 0, 1))
    const { config } = setup()
    for (let i = 0; i < 5; i++) await request(config, "later@example.test")
    expect((await request(config, "later@example.test")).headers.get("location")).toBe(
      EMAIL_SIGNIN_ERROR,
    )
    vi.setSystemTime(Date.UTC(2026, 0, 1, 0, 15, 1))
    expect((await request(config, "later@example.test")).headers.get("location")).toBe(
      VERIFY_REQUEST,
    )
  })
})

describe("sign-in e-mails per client", () => {
  it("refuses the 21st address from one client, while other clients go on", async () => {
    const { config, sent, recorder } = setup()
    for (let i = 0; i < 20; i++) {
      expect(
        (await request(config, `spray${i}@example.test`, "203.0.113.7")).headers.get("location"),
      ).toBe(VERIFY_REQUEST)
    }
    expect(
      (await request(config, "spray20@example.test", "203.0.113.7")).headers.get("location"),
    ).toBe(EMAIL_SIGNIN_ERROR)
    expect(
      (await request(config, "spray20@example.test", "198.51.100.1")).headers.get("location"),
    ).toBe(VERIFY_REQUEST)
    expect(sent).toHaveLength(21)
    expect(recorder.errors.at(-1)?.message ?? "").not.toContain("203.0.113.7")
  })

  it("keys on the socket's peer an integration attached, not on the client's own X-Forwarded-For", async () => {
    const perClient = { email: { perClient: { limit: 1, windowSeconds: 60 } } }
    const send = async (config: AuthConfig, address: string, peer: string, forwarded: string) => {
      const client = new AuthClient(config)
      const csrfToken = await client.csrfToken()
      const request = new Request(`${ORIGIN}/auth/signin/email`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          cookie: client.cookieHeader(),
          "x-forwarded-for": forwarded,
        },
        body: new URLSearchParams({ csrfToken, email: address }),
      })
      const response = await Auth(attachClientAddress(request, peer), config)
      return response.headers.get("location")
    }
    // No trusted proxy: a new X-Forwarded-For per request does not make a new client.
    const direct = setup({ rateLimit: perClient }).config
    expect(await send(direct, "one@example.test", "203.0.113.7", "10.0.0.1")).toBe(VERIFY_REQUEST)
    expect(await send(direct, "two@example.test", "203.0.113.7", "10.0.0.2")).toBe(
      EMAIL_SIGNIN_ERROR,
    )
    // Behind a trusted proxy, the address it appended is the client.
    const proxied = setup({ rateLimit: perClient, trustedProxies: ["loopback"] }).config
    expect(await send(proxied, "one@example.test", "127.0.0.1", "198.51.100.1")).toBe(
      VERIFY_REQUEST,
    )
    expect(await send(proxied, "two@example.test", "127.0.0.1", "198.51.100.2")).toBe(
      VERIFY_REQUEST,
    )
    expect(
      await send(proxied, "three@example.test", "::ffff:127.0.0.1", "1.2.3.4, 198.51.100.2"),
    ).toBe(EMAIL_SIGNIN_ERROR)
  })

  it("refuses trustedProxies it cannot read, as a configuration error", async () => {
    const { config } = setup({ trustedProxies: ["10.0.0.0/40"] })
    const response = await new AuthClient(config).get("/providers")
    expect(response.status).toBe(500)
  })

  it("uses rateLimit.clientKey when given", async () => {
    const { config } = setup({
      rateLimit: {
        clientKey: (request) => request.headers.get("fly-client-ip"),
        email: { perClient: { limit: 1, windowSeconds: 60 } },
      },
    })
    const client = new AuthClient(config)
    const send = async (address: string, ip: string) =>
      (
        await client.postForm(
          "/signin/email",
          { csrfToken: await client.csrfToken(), email: address },
          { "fly-client-ip": ip, "x-forwarded-for": `10.0.0.${address.length}` },
        )
      ).headers.get("location")
    expect(await send("one@example.test", "192.0.2.1")).toBe(VERIFY_REQUEST)
    expect(await send("two@example.test", "192.0.2.1")).toBe(EMAIL_SIGNIN_ERROR)
    expect(await send("three@example.test", "192.0.2.2")).toBe(VERIFY_REQUEST)
  })
})

describe("the rateLimit option", () => {
  it("takes a shared store with an async interface, and keeps addresses out of its keys", async () => {
    const counters = new Map<string, number>()
    const store: RateLimitStore = {
      async hit(key, windowSeconds) {
        const count = (counters.get(key) ?? 0) + 1
        counters.set(key, count)
        return { count, resetAt: Date.now() + windowSeconds * 1000 }
      },
    }
    const first = setup({ rateLimit: { store } })
    const second = setup({ rateLimit: { store } })
    for (let i = 0; i < 3; i++) await request(first.config, "shared@example.test")
    for (let i = 0; i < 3; i++) await request(second.config, "shared@example.test")
    expect(first.sent.length + second.sent.length).toBe(5)
    const keys = [...counters.keys()]
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(/^email-address:[0-9a-f]{64}$/)
  })

  it("lets requests through when the store fails, and logs why", async () => {
    const store: RateLimitStore = { hit: () => Promise.reject(new Error("store is down")) }
    const { config, sent, recorder } = setup({ rateLimit: { store } })
    for (let i = 0; i < 7; i++) await request(config, "down@example.test")
    expect(sent).toHaveLength(7)
    expect(recorder.errors.map((error) => error.message)).toContain(
      "The rate-limit store failed; requests are let through until it answers again.",
    )
  })

  it("is turned off with false, and limits are configurable", async () => {
    const off = setup({ rateLimit: false })
    for (let i = 0; i < 8; i++) await request(off.config, "many@example.test")
    expect(off.sent).toHaveLength(8)
    expect(off.recorder.warnings).toContain("rate-limit-disabled")
    const strict = setup({ rateLimit: { email: { perAddress: { limit: 1, windowSeconds: 60 } } } })
    await request(strict.config, "once@example.test")
    expect((await request(strict.config, "once@example.test")).headers.get("location")).toBe(
      EMAIL_SIGNIN_ERROR,
    )
  })

  it("reports a malformed rule as a configuration error", async () => {
    const { config, recorder } = setup({
      rateLimit: { email: { perAddress: { limit: 0, windowSeconds: 60 } } },
    })
    const response = await request(config, "x@example.test")
    expect(response.status).toBe(500)
    expect(recorder.errors.at(-1)?.message).toContain("rateLimit.email.perAddress")
    expect(checkConfig(config)?.message).toContain("rateLimit.email.perAddress")
    // Session reads never use the limits (and edge bundles leave them out): they serve on.
    const read = await getSession(new Request("http://localhost/"), config)
    expect(read.failure).toBeUndefined()
  })
})
