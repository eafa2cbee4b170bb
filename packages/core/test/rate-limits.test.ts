/**
 * Abuse protection on the sign-in paths: credentials attempts per identifier and per client, the
 * lockout that grows with each failure, the answers (the sign-in page or `429`), the event and
 * log line, a store that is down, and the other limited actions. Each test has its own config,
 * and so its own in-memory store (or its own Redis key prefix).
 */
import { Redis } from "ioredis"
import { createClient } from "redis"
import { describe, expect, it } from "vitest"
import { createMemoryStore } from "../src/internal/rate-limit/store.js"
import Credentials from "../src/providers/credentials.js"
import GitHub from "../src/providers/github.js"
import { createRedisStore } from "../src/redis.js"
import type { AuthConfig, RateLimitStore } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET } from "./support/client.js"
import { stallingProxy } from "./support/stalling-proxy.js"

const REDIS_URL = process.env.REDIS_URL ?? ""

interface Setup {
  config: AuthConfig
  authorizeCalls: () => number
  events: unknown[]
  log: ReturnType<typeof recordingLogger>
}

/** A credentials config whose password is "right"; every other password fails. */
function setup(overrides: Partial<AuthConfig> = {}): Setup {
  let calls = 0
  const events: unknown[] = []
  const log = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: log.logger,
    events: { rateLimited: (message) => void events.push(message) },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: async ({ password }) => {
          calls += 1
          return password === "right" ? DEMO_USER : null
        },
      }),
      GitHub({ clientId: "github-id", clientSecret: "github-secret" }),
    ],
    ...overrides,
  }
  return { config, authorizeCalls: () => calls, events, log }
}

/** A browser at `address` (the socket peer an integration attaches). */
function browser(config: AuthConfig, address = "192.0.2.1"): AuthClient {
  return new AuthClient(config, "http://localhost:3000", "/auth", address)
}

async function attempt(
  client: AuthClient,
  email: string,
  password: string,
  headers?: HeadersInit,
): Promise<Response> {
  const csrfToken = await client.csrfToken()
  return client.postForm("/callback/credentials", { email, password, csrfToken }, headers)
}

const refused = (response: Response) =>
  response.headers.get("location")?.includes("error=RateLimited") === true

describe("credentials attempts on one identifier", () => {
  it("lets no more than the limit of 200 concurrent wrong guesses reach authorize", async () => {
    const { config, authorizeCalls } = setup()
    const clients = Array.from({ length: 200 }, (_, index) =>
      browser(config, `198.51.100.${index % 250}`),
    )
    const tokens = await Promise.all(clients.map((client) => client.csrfToken()))
    const responses = await Promise.all(
      clients.map((client, index) =>
        client.postForm("/callback/credentials", {
          email: "ada@example.test",
          password: `guess-${index}`,
          csrfToken: tokens[index]!,
        }),
      ),
    )
    expect(authorizeCalls()).toBeLessThanOrEqual(10)
    expect(responses.filter(refused).length).toBeGreaterThanOrEqual(190)
  })

  it("locks an identifier out after 5 failures, longer after each further one", async () => {
    let clock = 1_700_000_000_000
    const store = createMemoryStore(() => clock)
    const { config, authorizeCalls } = setup({ rateLimit: { store } })
    const realNow = Date.now
    Date.now = () => clock
    try {
      const client = browser(config)
      for (let index = 0; index < 5; index++) {
        const response = await attempt(client, "Ada@Example.test ", "wrong")
        expect(response.headers.get("location")).toContain("error=CredentialsSignin")
      }
      // Locked: even the right password is refused, and authorize does not run.
      expect(refused(await attempt(client, "ada@example.test", "right"))).toBe(true)
      expect(authorizeCalls()).toBe(5)
      clock += 31_000
      expect((await attempt(client, "ada@example.test", "wrong")).status).toBe(302)
      expect(refused(await attempt(client, "ada@example.test", "right"))).toBe(true)
      // The sixth failure locked it for 60 s: 31 s later it is still locked.
      clock += 31_000
      expect(refused(await attempt(client, "ada@example.test", "right"))).toBe(true)
      clock += 30_000
      const success = await attempt(client, "ada@example.test", "right")
      expect(success.headers.get("location")).toBe("http://localhost:3000")
      // A success forgets the failures: four more do not lock.
      for (let index = 0; index < 4; index++) await attempt(client, "ada@example.test", "wrong")
      expect((await attempt(client, "ada@example.test", "right")).headers.get("location")).toBe(
        "http://localhost:3000",
      )
    } finally {
      Date.now = realNow
    }
  })

  it("limits an identifier no user has in the same way", async () => {
    const { config } = setup()
    const client = browser(config)
    const answers: string[] = []
    for (let index = 0; index < 7; index++) {
      const response = await attempt(client, "nobody@example.test", "wrong")
      answers.push(new URL(response.headers.get("location")!).searchParams.get("error")!)
    }
    expect(answers).toEqual([
      "CredentialsSignin",
      "CredentialsSignin",
      "CredentialsSignin",
      "CredentialsSignin",
      "CredentialsSignin",
      "RateLimited",
      "RateLimited",
    ])
  })
})

describe("what counts as one identifier", () => {
  /** Six wrong attempts from six clients, each spelling the identifier its own way. */
  async function spellings(config: AuthConfig, fields: Array<Record<string, unknown>>) {
    const answers: string[] = []
    for (const [index, extra] of fields.entries()) {
      const client = browser(config, `198.51.100.${index + 1}`)
      const csrfToken = await client.csrfToken()
      const response = await client.postJson("/callback/credentials", {
        csrfToken,
        password: "wrong",
        ...extra,
      })
      // A JSON post is a script's: a refusal is 429 { error }, an answer a redirect.
      if (response.status === 429) {
        answers.push(((await response.json()) as { error: string }).error)
        continue
      }
      const location = response.headers.get("location")!
      answers.push(new URL(location).searchParams.get("error")!)
    }
    return answers
  }
  const fifthLocked = [...Array<string>(5).fill("CredentialsSignin"), "RateLimited"]

  it("one identifier however it is spelled: case, spaces, fullwidth letters, zero-width characters, NFKC forms", async () => {
    const { config } = setup()
    const answers = await spellings(config, [
      { email: "ada@example.test" },
      { email: " ADA@example.test" },
      { email: "ａda@example.test" },
      { email: "a\u200Bda@example.test" },
      { email: "ad\u1D43@example.test" },
      { email: "ada@\u212Fxample.test" },
    ])
    expect(answers).toEqual(fifthLocked)
  })

  it("an array or object where a string belongs is no way around the limit", async () => {
    const { config } = setup()
    const answers = await spellings(config, [
      { email: ["ada@example.test"] },
      { email: ["ada@example.test"] },
      { email: "ada@example.test" },
      { email: ["ada@example.test"] },
      { email: ["ada@example.test"] },
      { email: "ada@example.test" },
    ])
    expect(answers).toEqual(fifthLocked)
    // An object that cannot become a string still counts, under one key of its own.
    const objects = await spellings(
      config,
      Array.from({ length: 6 }, () => ({ email: { toString: 1, valueOf: 1 } })),
    )
    expect(objects).toEqual(fifthLocked)
  })

  it("only the provider's declared fields name the account: an added email field chooses nothing", async () => {
    const { config } = setup({
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: ({ password }) => (password === "right" ? DEMO_USER : null),
        }),
      ],
    })
    const answers = await spellings(
      config,
      Array.from({ length: 6 }, (_, index) => ({
        username: "ada",
        email: `decoy-${index}@example.test`,
      })),
    )
    expect(answers).toEqual(fifthLocked)
  })
})

describe("credentials attempts from one client", () => {
  it("counts an authorize that throws as a failure, as one that returns null", async () => {
    const { config } = setup({
      providers: [
        Credentials({
          credentials: { email: {}, password: {} },
          authorize: () => {
            throw new Error("Invalid credentials")
          },
        }),
      ],
    })
    const client = browser(config, "203.0.113.7")
    for (let index = 0; index < 30; index++) {
      const response = await attempt(client, `user${index}@example.test`, "wrong")
      expect(response.headers.get("location")).toContain("error=Configuration")
    }
    expect(refused(await attempt(client, "new@example.test", "wrong"))).toBe(true)
  })

  it("counts the addresses of one IPv6 /64 network as one client", async () => {
    const { config } = setup()
    for (let index = 0; index < 30; index++) {
      const client = browser(config, `2001:db8:1:2::${(index + 1).toString(16)}`)
      await attempt(client, `user${index}@example.test`, "wrong")
    }
    const sameNetwork = browser(config, "2001:db8:1:2:ffff:ffff:ffff:ffff")
    expect(refused(await attempt(sameNetwork, "new@example.test", "wrong"))).toBe(true)
    const otherNetwork = browser(config, "2001:db8:1:3::1")
    const fresh = await attempt(otherNetwork, "new@example.test", "wrong")
    expect(fresh.headers.get("location")).toContain("error=CredentialsSignin")
  })

  it("limits one client's failures across identifiers, whatever X-Forwarded-For says", async () => {
    const { config } = setup()
    const client = browser(config, "203.0.113.9")
    for (let index = 0; index < 30; index++) {
      const forged = { "x-forwarded-for": `10.0.${index}.1` }
      const response = await attempt(client, `user${index}@example.test`, "wrong", forged)
      expect(response.headers.get("location")).toContain("error=CredentialsSignin")
    }
    const forged = { "x-forwarded-for": "10.9.9.9" }
    expect(refused(await attempt(client, "new@example.test", "wrong", forged))).toBe(true)
    // Another client is not limited.
    const other = browser(config, "203.0.113.10")
    const fresh = await attempt(other, "new@example.test", "wrong")
    expect(fresh.headers.get("location")).toContain("error=CredentialsSignin")
  })

  it("believes X-Forwarded-For from a trusted proxy", async () => {
    const { config } = setup({ trustedProxies: ["loopback"] })
    const proxy = browser(config, "127.0.0.1")
    for (let index = 0; index < 30; index++) {
      await attempt(proxy, `user${index}@example.test`, "wrong", {
        "x-forwarded-for": "192.0.2.50",
      })
    }
    const limited = await attempt(proxy, "x@example.test", "wrong", {
      "x-forwarded-for": "192.0.2.50",
    })
    expect(refused(limited)).toBe(true)
    const other = await attempt(proxy, "x@example.test", "wrong", {
      "x-forwarded-for": "192.0.2.51",
    })
    expect(other.headers.get("location")).toContain("error=CredentialsSignin")
  })
})

describe("the answer to a limited request", () => {
  async function lockedOut(overrides: Partial<AuthConfig> = {}) {
    const setupResult = setup(overrides)
    const client = browser(setupResult.config)
    for (let index = 0; index < 5; index++) await attempt(client, "ada@example.test", "wrong")
    return { ...setupResult, client }
  }

  it("sends a form post to the sign-in page with error=RateLimited, which says so", async () => {
    const { client } = await lockedOut()
    const response = await attempt(client, "ada@example.test", "right")
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get("location")!)
    expect(location.pathname).toBe("/auth/signin")
    expect(location.searchParams.get("error")).toBe("RateLimited")
    const page = await (await client.get(`/signin${location.search}`)).text()
    expect(page).toContain("Too many attempts. Wait a little, then try again.")
  })

  it("answers a script 429 with Retry-After and { error: RateLimited }", async () => {
    const { client } = await lockedOut()
    const response = await attempt(client, "ada@example.test", "right", {
      "X-Auth-Return-Redirect": "1",
    })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await response.json()).toEqual({ error: "RateLimited" })
  })

  it("fires rateLimited and logs one warning, naming neither client nor identifier", async () => {
    const { client, events, log } = await lockedOut()
    await attempt(client, "ada@example.test", "right")
    expect(events).toEqual([
      { action: "callback", provider: "credentials", scope: "credentials-lockout", retryAfter: 30 },
    ])
    expect(log.warnings.filter((code) => code === "rate-limited")).toHaveLength(1)
    expect(log.errors.filter((error) => error.name === "RateLimited")).toEqual([])
    expect(JSON.stringify([events, log.warnings])).not.toMatch(/ada@|192\.0\.2/)
  })

  it("rateLimit: false turns every limit off", async () => {
    const { config, authorizeCalls } = setup({ rateLimit: false })
    const client = browser(config)
    for (let index = 0; index < 12; index++) {
      expect(refused(await attempt(client, "ada@example.test", "wrong"))).toBe(false)
    }
    expect(authorizeCalls()).toBe(12)
  })
})

describe("the other limited actions", () => {
  it("limits OAuth sign-in starts per client", async () => {
    const { config } = setup({ rateLimit: { signIn: { limit: 2, windowSeconds: 60 } } })
    const client = browser(config)
    const start = async () => {
      const csrfToken = await client.csrfToken()
      return client.postForm("/signin/github", { csrfToken })
    }
    expect((await start()).headers.get("location")).toContain("github.com")
    expect((await start()).headers.get("location")).toContain("github.com")
    expect(refused(await start())).toBe(true)
  })

  it("limits session updates per client with 429", async () => {
    const { config } = setup({ rateLimit: { sessionUpdate: { limit: 1, windowSeconds: 60 } } })
    const client = browser(config)
    await attempt(client, "ada@example.test", "right")
    const csrfToken = await client.csrfToken()
    expect((await client.postJson("/session", { csrfToken, data: {} })).status).toBe(200)
    const limited = await client.postJson("/session", { csrfToken, data: {} })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ error: "RateLimited" })
  })

  it("holds every POST of one client under a ceiling; reads are never limited", async () => {
    const { config } = setup({ rateLimit: { perClient: { limit: 3, windowSeconds: 60 } } })
    const client = browser(config)
    for (let index = 0; index < 3; index++) await attempt(client, "ada@example.test", "wrong")
    expect(refused(await attempt(client, "ada@example.test", "right"))).toBe(true)
    for (let index = 0; index < 10; index++) {
      expect((await client.get("/session")).status).toBe(200)
    }
  })
})

describe("a rate-limit store that is down", () => {
  function downStore(): RateLimitStore & { down: boolean } {
    const inner = createMemoryStore()
    const store = {
      down: true,
      hit: (key: string, window: number) =>
        store.down ? Promise.reject(new Error("ECONNREFUSED")) : inner.hit(key, window),
      peek: (key: string) =>
        store.down ? Promise.reject(new Error("ECONNREFUSED")) : inner.peek!(key),
      reset: (key: string) =>
        store.down ? Promise.reject(new Error("ECONNREFUSED")) : inner.reset!(key),
    }
    return store
  }

  it("lets requests through by default, logged once per outage", async () => {
    const store = downStore()
    const { config, log } = setup({ rateLimit: { store } })
    const client = browser(config)
    for (let index = 0; index < 8; index++) {
      const response = await attempt(client, "ada@example.test", "wrong")
      expect(response.headers.get("location")).toContain("error=CredentialsSignin")
    }
    const outages = log.errors.filter((error) => error.message.includes("rate-limit store"))
    expect(outages).toHaveLength(1)
    store.down = false
    expect((await attempt(client, "ada@example.test", "right")).status).toBe(302)
  })

  it("answers 503 with onStoreFailure: closed, and recovers", async () => {
    const store = downStore()
    const { config } = setup({ rateLimit: { store, onStoreFailure: "closed" } })
    const client = browser(config)
    const response = await attempt(client, "ada@example.test", "right")
    expect(response.status).toBe(503)
    expect(response.headers.get("retry-after")).not.toBeNull()
    store.down = false
    const success = await attempt(client, "ada@example.test", "right")
    expect(success.headers.get("location")).toBe("http://localhost:3000")
  })
})

describe.skipIf(REDIS_URL === "")("limits on Redis (REDIS_URL)", () => {
  it("lets requests through while Redis is stalled, then counts again when it is back", async () => {
    const proxy = await stallingProxy(new URL(REDIS_URL))
    const client = await createClient({ url: `redis://127.0.0.1:${proxy.port}` })
      .on("error", () => {})
      .connect()
    const prefix = `test:rate-limits:${crypto.randomUUID()}:`
    try {
      const store = createRedisStore(client, { prefix, timeoutMs: 200 })
      const open = setup({ rateLimit: { store } })
      const closed = setup({ rateLimit: { store, onStoreFailure: "closed" } })
      proxy.stall()
      for (let index = 0; index < 7; index++) {
        const response = await attempt(browser(open.config), "ada@example.test", "wrong")
        expect(response.headers.get("location")).toContain("error=CredentialsSignin")
      }
      expect((await attempt(browser(closed.config), "ada@example.test", "right")).status).toBe(503)
      proxy.resume()
      for (let index = 0; index < 5; index++) {
        await attempt(browser(open.config), "grace@example.test", "wrong")
      }
      expect(refused(await attempt(browser(open.config), "grace@example.test", "right"))).toBe(true)
    } finally {
      proxy.resume()
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) {
        if (keys.length > 0) await client.del(keys)
      }
      await client.quit()
      await proxy.close()
    }
  })

  it("counts once across two instances with their own clients", async () => {
    const prefix = `test:rate-limits:${crypto.randomUUID()}:`
    const nodeRedis = await createClient({ url: REDIS_URL }).connect()
    const ioredis = new Redis(REDIS_URL)
    try {
      const east = setup({ rateLimit: { store: createRedisStore(nodeRedis, { prefix }) } })
      const west = setup({ rateLimit: { store: createRedisStore(ioredis, { prefix }) } })
      const answers: boolean[] = []
      for (let index = 0; index < 8; index++) {
        const instance = index % 2 === 0 ? east : west
        answers.push(refused(await attempt(browser(instance.config), "ada@example.test", "wrong")))
      }
      expect(answers).toEqual([false, false, false, false, false, true, true, true])
      expect(east.authorizeCalls() + west.authorizeCalls()).toBe(5)
    } finally {
      for await (const keys of nodeRedis.scanIterator({ MATCH: `${prefix}*` })) {
        if (keys.length > 0) await nodeRedis.del(keys)
      }
      await nodeRedis.quit()
      await ioredis.quit()
    }
  })
})
