/**
 * `GET <basePath>/health`, the readiness endpoint for load balancers: `200 {"status":"ok"}` when
 * the adapter and the stores answer their `ping`, `503 {"status":"unavailable"}` with
 * `Retry-After` when one fails or hangs (within a short bound), never cached; cheap (no session
 * read, no cookie, no rate limit counted), whatever the request's `Host`, and without leaking
 * the cause (it is logged). On a real Redis too (REDIS_URL; skipped without it), stalled through
 * a proxy.
 */
import { Redis } from "ioredis"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Adapter } from "../src/adapters.js"
import { Auth } from "../src/index.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import { createRedisStore, type NodeRedisClient } from "../src/redis.js"
import type { RateLimitStore } from "../src/types/rate-limit.js"
import type { SessionStore } from "../src/types/sessions.js"
import type { AuthConfig } from "../src/types.js"
import { recordingLogger, SECRET } from "./support/client.js"
import { stallingProxy } from "./support/stalling-proxy.js"

/** A ping that never settles: a database or Redis that accepted the connection and went quiet. */
const hang = (): Promise<void> => new Promise<void>(() => {})

function configWith(overrides: Partial<AuthConfig> = {}) {
  const log = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: log.logger,
    providers: [Credentials({ authorize: () => null })],
    ...overrides,
  }
  return { config, log }
}

function health(config: AuthConfig, init: { url?: string; headers?: HeadersInit } = {}) {
  const request = new Request(init.url ?? "http://localhost:3000/auth/health", {
    headers: init.headers,
  })
  return Auth(request, config)
}

/** A session store in memory (no `ping`, as core's own) with the given `ping`. */
function sessionStore(ping?: () => Promise<void>): SessionStore {
  const values = new Map<string, string>()
  return {
    get: async (keys) => keys.map((key) => values.get(key) ?? null),
    set: async (key, value) => void values.set(key, value),
    setField: async () => {},
    getFields: async () => ({}),
    deleteFields: async () => {},
    ...(ping ? { ping } : {}),
  }
}

/** A rate-limit store that counts every call it gets. */
function countingRateLimitStore(ping?: () => Promise<void>) {
  const calls: string[] = []
  const store: RateLimitStore = {
    hit: async (key) => {
      calls.push(`hit ${key}`)
      return { count: 1, resetAt: Date.now() + 60_000 }
    },
    peek: async (key) => {
      calls.push(`peek ${key}`)
      return null
    },
    ...(ping ? { ping } : {}),
  }
  return { store, calls }
}

async function expectUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503)
  expect(response.headers.get("retry-after")).toBe("5")
  expect(response.headers.get("cache-control")).toBe("no-store")
  expect(response.headers.getSetCookie()).toEqual([])
  // Nothing about the cause: exactly this body.
  expect(await response.text()).toBe('{"status":"unavailable"}')
}

describe("GET /health", () => {
  it("answers 200 {status: ok}, never cached, without cookies, on the default (memory) stores", async () => {
    const { config, log } = configWith()
    const response = await health(config)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(response.headers.get("cache-control")).toBe("no-store")
    expect(response.headers.getSetCookie()).toEqual([])
    expect(await response.json()).toEqual({ status: "ok" })
    expect(log.errors).toEqual([])
  })

  it("is served under any base path", async () => {
    const { config } = configWith({ basePath: "/api/auth" })
    const response = await health(config, { url: "http://localhost:3000/api/auth/health" })
    expect(response.status).toBe(200)
  })

  it("answers whatever the Host: another host than AUTH_URL's, none at all", async () => {
    // No trustHost: the app's URL alone makes the host irrelevant.
    const { config } = configWith({ trustHost: undefined, url: "https://app.example.com/auth" })
    const cases: HeadersInit[] = [{}, { host: "10.0.0.7:3000" }, { host: "evil.example" }]
    for (const headers of cases) {
      const response = await health(config, { url: "http://10.0.0.7:3000/auth/health", headers })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ status: "ok" })
    }
  })

  it("answers with a forwarded host it does not trust", async () => {
    const { config } = configWith({ trustHost: true })
    const response = await health(config, {
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    })
    expect(response.status).toBe(200)
  })

  it("reads no session and sets no cookie, even with a session cookie", async () => {
    const calls: string[] = []
    const memory = MemoryAdapter()
    const adapter: Adapter = {
      ...memory,
      getSessionAndUser: async (token) => {
        calls.push("getSessionAndUser")
        return memory.getSessionAndUser!(token)
      },
      ping: async () => void calls.push("ping"),
    }
    const { config } = configWith({ adapter, session: { strategy: "database" } })
    const response = await health(config, {
      headers: { cookie: "authjs.session-token=some-token; authjs.csrf-token=x" },
    })
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual([])
    expect(calls).toEqual(["ping"])
  })

  it("counts nothing against a rate limit, however often it is called", async () => {
    const { store, calls } = countingRateLimitStore()
    const { config } = configWith({
      rateLimit: { store, perClient: { limit: 1, windowSeconds: 60 } },
    })
    for (let index = 0; index < 5; index++) {
      expect((await health(config, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(
        200,
      )
    }
    expect(calls).toEqual([])
  })

  it("is a GET: POST /health is an unknown action (the error page)", async () => {
    const { config } = configWith()
    const response = await Auth(
      new Request("http://localhost:3000/auth/health", { method: "POST" }),
      config,
    )
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toContain("/auth/error?error=")
  })
})

describe("GET /health with stores that ping", () => {
  it("answers 200 when the adapter and the session store answer", async () => {
    const pinged: string[] = []
    const adapter: Adapter = { ...MemoryAdapter(), ping: async () => void pinged.push("adapter") }
    const store = sessionStore(async () => void pinged.push("session store"))
    const { config } = configWith({ adapter, session: { strategy: "jwt", store } })
    expect((await health(config)).status).toBe(200)
    expect(pinged.sort()).toEqual(["adapter", "session store"])
  })

  it("answers 503 with Retry-After when the adapter fails, and logs why (once per minute)", async () => {
    const adapter: Adapter = {
      ...MemoryAdapter(),
      ping: () =>
        Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432 (password=hunter2)")),
    }
    const { config, log } = configWith({ adapter })
    await expectUnavailable(await health(config))
    await expectUnavailable(await health(config))
    expect(log.errors).toHaveLength(1)
    expect(log.errors[0]!.name).toBe("HealthCheckFailed")
    expect(log.errors[0]!.message).toContain("the adapter failed (connect ECONNREFUSED")
    expect(log.errors[0]!.message).toContain("GET /auth/health answers 503")
    expect((log.errors[0]!.cause as Error).message).toContain("ECONNREFUSED")
  })

  it("a ping that throws instead of rejecting is a failure too", async () => {
    const adapter: Adapter = {
      ...MemoryAdapter(),
      ping: () => {
        throw new Error("not connected")
      },
    }
    const { config } = configWith({ adapter })
    await expectUnavailable(await health(config))
  })

  it("answers 503 quickly when the adapter hangs", async () => {
    const { config, log } = configWith({ adapter: { ...MemoryAdapter(), ping: hang } })
    const started = Date.now()
    await expectUnavailable(await health(config))
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(log.errors[0]!.message).toContain("the adapter did not answer within 1500 ms")
  })

  it("answers 503 when the session store fails, and 200 again once it answers", async () => {
    let down = true
    const store = sessionStore(async () => {
      if (down) throw new Error("Redis is unavailable")
    })
    const { config, log } = configWith({ session: { strategy: "jwt", store } })
    await expectUnavailable(await health(config))
    down = false
    expect((await health(config)).status).toBe(200)
    // A new outage is told again at once.
    down = true
    await expectUnavailable(await health(config))
    expect(log.errors).toHaveLength(2)
    expect(log.errors[1]!.message).toContain("the session store failed (Redis is unavailable)")
  })

  it("leaves the session store out with database sessions: a Redis outage keeps the instance in the balancer", async () => {
    const adapter = { ...MemoryAdapter(), ping: async () => {} }
    const store = sessionStore(async () => {
      throw new Error("Redis is unavailable")
    })
    const { config, log } = configWith({ adapter, session: { strategy: "database", store } })
    expect((await health(config)).status).toBe(200)
    expect(log.errors).toEqual([])
  })

  it("pings one store given as both the session and the rate-limit store once", async () => {
    let pings = 0
    const limits = countingRateLimitStore()
    const store = Object.assign(sessionStore(), limits.store, {
      ping: async () => void pings++,
    })
    const { config } = configWith({
      session: { strategy: "jwt", store },
      rateLimit: { store, onStoreFailure: "closed" },
    })
    expect((await health(config)).status).toBe(200)
    expect(pings).toBe(1)
  })

  it("checks the rate-limit store only when its outage closes the service (onStoreFailure: closed)", async () => {
    const failing = () => Promise.reject(new Error("down"))
    const open = configWith({ rateLimit: { store: countingRateLimitStore(failing).store } })
    expect((await health(open.config)).status).toBe(200)
    const closed = configWith({
      rateLimit: { store: countingRateLimitStore(failing).store, onStoreFailure: "closed" },
    })
    await expectUnavailable(await health(closed.config))
    expect(closed.log.errors[0]!.message).toContain("the rate-limit store failed (down)")
  })

  it("answers a config error as every route does: 500, the cause in the log only", async () => {
    const { config, log } = configWith({ secret: undefined })
    const response = await health(config)
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain("secret")
    expect(log.errors[0]!.name).toBe("MissingSecret")
  })
})

/** The Redis server of the tests: set by `.ci/run` when one answers; without it they are skipped. */
const REDIS_URL = process.env.REDIS_URL ?? ""
const PREFIX = `test:health:${crypto.randomUUID()}:`

describe.skipIf(REDIS_URL === "")("GET /health on Redis (REDIS_URL)", () => {
  let nodeRedis: ReturnType<typeof createClient>
  let ioredis: Redis

  beforeAll(async () => {
    nodeRedis = await createClient({ url: REDIS_URL }).connect()
    ioredis = new Redis(REDIS_URL)
    await ioredis.ping()
  })

  afterAll(async () => {
    await Promise.all([nodeRedis.close(), ioredis.quit()])
  })

  it.each([
    ["node-redis", () => nodeRedis],
    ["ioredis", () => ioredis],
  ])(
    "answers 200 with the Redis store of %s as session and rate-limit store",
    async (_, client) => {
      const store = createRedisStore(client(), { prefix: PREFIX })
      await expect(store.ping()).resolves.toBeUndefined()
      const { config } = configWith({
        session: { strategy: "jwt", store },
        rateLimit: { store, onStoreFailure: "closed" },
      })
      expect((await health(config)).status).toBe(200)
    },
  )

  it("pings through a client without `ping` with a script", async () => {
    // A structural stand-in for node-redis, as `NodeRedisClient` allows: no `ping`.
    const client: NodeRedisClient = {
      mGet: (keys) => nodeRedis.mGet(keys),
      set: (key, value, options) => nodeRedis.set(key, value, options),
      hGetAll: (key) => nodeRedis.hGetAll(key),
      hDel: (key, fields) => nodeRedis.hDel(key, fields),
      del: (key) => nodeRedis.del(key),
      eval: (script, options) => nodeRedis.eval(script, options),
    }
    const store = createRedisStore(client, { prefix: PREFIX })
    await expect(store.ping()).resolves.toBeUndefined()
  })

  it("answers 503 within the bound while Redis stalls, 200 once it answers again", async () => {
    const proxy = await stallingProxy(new URL(REDIS_URL))
    const client = await createClient({ url: `redis://127.0.0.1:${proxy.port}` }).connect()
    try {
      const store = createRedisStore(client, { prefix: PREFIX, timeoutMs: 5_000 })
      const { config, log } = configWith({ session: { strategy: "jwt", store } })
      expect((await health(config)).status).toBe(200)
      proxy.stall()
      const started = Date.now()
      await expectUnavailable(await health(config))
      // The health check's own bound, shorter than the store's timeoutMs.
      expect(Date.now() - started).toBeLessThan(3_000)
      expect(log.errors[0]!.message).toContain("the session store did not answer")
      proxy.resume()
      expect((await health(config)).status).toBe(200)
    } finally {
      await client.close().catch(() => {})
      await proxy.close()
    }
  })
})
