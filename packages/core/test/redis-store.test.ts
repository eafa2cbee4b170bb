/**
 * `createRedisStore` of `@auth/core/redis` on a real Redis (REDIS_URL; skipped without it),
 * through both clients it accepts: the session store contract, rate-limit counting, and outages
 * (a stalled server, a client never connected) answered with `DatabaseUnavailableError` and
 * recovered from without a restart. The in-memory session store runs the same contract
 * (`session-store-memory.test.ts`).
 */
import { once } from "node:events"
import { type AddressInfo, createServer } from "node:net"
import { Redis } from "ioredis"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { DatabaseUnavailableError } from "../src/adapters.js"
import { createRedisStore, type RedisClient, type RedisStore } from "../src/redis.js"
import { describeSessionStoreContract } from "./support/session-store-contract.js"
import { stallingProxy } from "./support/stalling-proxy.js"

/** The Redis server of the tests: set by `.ci/run` when one answers; without it they are skipped. */
const REDIS_URL = process.env.REDIS_URL ?? ""
/** Every key this file writes starts with it; they are deleted after. */
const PREFIX = `test:${crypto.randomUUID()}:`
/** The one call a store makes for a script: `EVAL` the first time, `EVALSHA` after (either client's spelling). */
const SCRIPT_CALL = /^eval(sha)?$/i

type NodeRedis = ReturnType<typeof createClient>

describe.skipIf(REDIS_URL === "")("on Redis (REDIS_URL)", () => {
  /** A client of its own for checks and clean-up, apart from the clients under test. */
  let admin: NodeRedis
  let nodeRedis: NodeRedis
  let ioredis: Redis

  beforeAll(async () => {
    admin = await createClient({ url: REDIS_URL }).connect()
    nodeRedis = await createClient({ url: REDIS_URL }).connect()
    ioredis = new Redis(REDIS_URL)
    await ioredis.ping()
  })

  afterAll(async () => {
    for await (const keys of admin.scanIterator({ MATCH: `${PREFIX}*`, COUNT: 1000 })) {
      if (keys.length > 0) await admin.del(keys)
    }
    await Promise.all([admin.close(), nodeRedis.close(), ioredis.quit()])
  })

  /** Real time passing: a little more than `seconds`, so that Redis's expiries are due. */
  function wait(seconds: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100))
  }

  /** A key of this file's, unique to one test. */
  function uniqueKey(label: string): string {
    return `${label}:${crypto.randomUUID()}`
  }

  describeSessionStoreContract({
    name: "node-redis",
    store: () => createRedisStore(nodeRedis, { prefix: PREFIX }),
    elapse: wait,
  })

  describeSessionStoreContract({
    name: "ioredis",
    store: () => createRedisStore(ioredis, { prefix: PREFIX }),
    elapse: wait,
  })

  /** A client connected to `url`, and how to let it go. */
  interface OpenClient {
    client: RedisClient
    close: () => Promise<void>
  }

  /** How to open each kind of client the store accepts. */
  const clientKinds: {
    name: string
    client: () => RedisClient
    open: (url: string) => Promise<OpenClient>
  }[] = [
    {
      name: "node-redis",
      client: () => nodeRedis,
      open: async (url) => {
        const client = await createClient({ url }).connect()
        return { client, close: async () => client.destroy() }
      },
    },
    {
      name: "ioredis",
      client: () => ioredis,
      open: async (url) => {
        const client = new Redis(url)
        await client.ping()
        return { client, close: async () => client.disconnect() }
      },
    },
  ]

  describe.each(clientKinds)("createRedisStore ($name)", (kind) => {
    const store = (): RedisStore => createRedisStore(kind.client(), { prefix: PREFIX })

    it("puts the prefix before every key, and authjs: by default", async () => {
      const key = uniqueKey("prefixed")
      await store().set(key, "value", 60)
      expect(await admin.get(PREFIX + key)).toBe("value")
      const unprefixed = `${PREFIX}${uniqueKey("default")}`
      await createRedisStore(kind.client()).setField(unprefixed, "field", "value", 60)
      expect(await admin.hGetAll(`authjs:${unprefixed}`)).toEqual({ field: "value" })
      await admin.del(`authjs:${unprefixed}`)
    })

    it("keeps stores with different prefixes apart", async () => {
      const key = uniqueKey("shared-name")
      await store().set(key, "mine", 60)
      const other = createRedisStore(kind.client(), { prefix: `${PREFIX}other:` })
      expect(await other.get([key])).toEqual([null])
    })

    it("gets many keys in one round trip (one MGET)", async () => {
      const calls: string[] = []
      const counted = countingCalls(kind.client(), calls)
      const keys = [uniqueKey("a"), uniqueKey("b"), uniqueKey("c")]
      await createRedisStore(counted, { prefix: PREFIX }).get(keys)
      expect(calls).toEqual([kind.name === "ioredis" ? "mget" : "mGet"])
    })

    it("sets a field and the map's expiry in one round trip", async () => {
      const calls: string[] = []
      const counted = countingCalls(kind.client(), calls)
      const key = uniqueKey("index")
      await createRedisStore(counted, { prefix: PREFIX }).setField(key, "field", "value", 60)
      expect(calls).toEqual([expect.stringMatching(SCRIPT_CALL)])
      expect(await admin.pTTL(PREFIX + key)).toBeGreaterThan(59_000)
    })

    it("runs rate-limit steps in one round trip, ending at the first over its limit", async () => {
      const calls: string[] = []
      const counted = createRedisStore(countingCalls(kind.client(), calls), { prefix: PREFIX })
      const [ceiling, lock, attempts] = [uniqueKey("ceiling"), uniqueKey("lock"), uniqueKey("n")]
      const steps = [
        { type: "hit", key: ceiling, windowSeconds: 60, limit: 5 },
        { type: "peek", key: lock, limit: 1 },
        { type: "hit", key: attempts, windowSeconds: 60 },
      ] as const
      const first = await counted.run(steps)
      expect(calls).toEqual([expect.stringMatching(SCRIPT_CALL)])
      expect(first.map((count) => count?.count ?? null)).toEqual([1, null, 1])
      expect(first[0]!.resetAt - Date.now()).toBeGreaterThan(58_000)
      await store().hit(lock, 30)
      // The lock ends the run: the attempt after it is not counted.
      expect((await store().run(steps)).map((count) => count?.count ?? null)).toEqual([2, 1])
      expect((await store().peek(attempts))?.count).toBe(1)
      await store().reset(lock)
      expect((await store().run(steps)).map((count) => count?.count ?? null)).toEqual([3, null, 2])
    })

    it("sends a script's body once, then calls it by its SHA-1, and again when Redis lost it", async () => {
      const calls: string[] = []
      const counted = createRedisStore(countingCalls(kind.client(), calls), { prefix: PREFIX })
      const key = uniqueKey("by-sha")
      const evalSha = kind.name === "ioredis" ? "evalsha" : "evalSha"
      // The SHA-1 is computed beside the first call; a later call uses it.
      await vi.waitFor(async () => {
        calls.length = 0
        await counted.hit(key, 60)
        expect(calls).toEqual([evalSha])
      })
    })

    it("sends the body again when Redis answers NOSCRIPT (restarted, flushed, failed over)", async () => {
      const calls: string[] = []
      const evalSha = kind.name === "ioredis" ? "evalsha" : "evalSha"
      let lost = true
      // A SHA-1 no script has stands for a server that lost the store's scripts; SCRIPT FLUSH
      // would take them from every test file running beside this one.
      const losing = new Proxy(countingCalls(kind.client(), calls), {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target)
          if (property !== evalSha || typeof value !== "function") return value
          return (sha: string, ...rest: unknown[]) =>
            value.call(target, lost ? "0".repeat(40) : sha, ...rest)
        },
      })
      const store = createRedisStore(losing, { prefix: PREFIX })
      const key = uniqueKey("lost")
      await vi.waitFor(async () => {
        calls.length = 0
        await store.peek(key)
        expect(calls).toContain(evalSha)
      })
      calls.length = 0
      expect((await store.hit(key, 60)).count).toBe(1)
      expect(calls).toEqual([evalSha, "eval"])
      lost = false
      calls.length = 0
      expect((await store.hit(key, 60)).count).toBe(2)
      expect(calls).toEqual([evalSha])
    })

    it("sends the body every time with a client that has no EVALSHA", async () => {
      const calls: string[] = []
      const hidden = kind.name === "ioredis" ? "evalsha" : "evalSha"
      const withoutEvalSha = new Proxy(countingCalls(kind.client(), calls), {
        get: (target, property) =>
          property === hidden ? undefined : Reflect.get(target, property, target),
      })
      const store = createRedisStore(withoutEvalSha, { prefix: PREFIX })
      const key = uniqueKey("by-body")
      for (let hit = 1; hit <= 3; hit++) expect((await store.hit(key, 60)).count).toBe(hit)
      expect(calls).toEqual(["eval", "eval", "eval"])
    })

    it("counts hits in a window that starts with the first hit", async () => {
      const key = uniqueKey("rate")
      const before = Date.now()
      const first = await store().hit(key, 60)
      const second = await store().hit(key, 60)
      const third = await store().hit(key, 60)
      expect([first.count, second.count, third.count]).toEqual([1, 2, 3])
      expect(first.resetAt).toBeGreaterThanOrEqual(before + 59_900)
      expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000)
      expect(Math.abs(third.resetAt - first.resetAt)).toBeLessThan(100)
      expect((await store().hit(uniqueKey("rate"), 60)).count).toBe(1)
    })

    it("peeks at a count without counting, and resets it", async () => {
      const key = uniqueKey("rate")
      expect(await store().peek(key)).toBeNull()
      await store().hit(key, 60)
      await store().hit(key, 60)
      const peeked = await store().peek(key)
      expect(peeked?.count).toBe(2)
      expect(peeked!.resetAt).toBeGreaterThan(Date.now() + 59_000)
      expect((await store().peek(key))?.count).toBe(2)
      await store().reset(key)
      expect(await store().peek(key)).toBeNull()
      expect((await store().hit(key, 60)).count).toBe(1)
    })

    it("starts counting again from one when the window has passed", async () => {
      const key = uniqueKey("rate")
      expect((await store().hit(key, 0.2)).count).toBe(1)
      expect((await store().hit(key, 0.2)).count).toBe(2)
      await wait(0.2)
      expect((await store().hit(key, 0.2)).count).toBe(1)
    })

    it("counts concurrent hits atomically", async () => {
      const key = uniqueKey("rate")
      const counts = await Promise.all(Array.from({ length: 50 }, () => store().hit(key, 60)))
      expect(counts.map(({ count }) => count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, index) => index + 1),
      )
    })

    it("gives a counter left without an expiry its window", async () => {
      const key = uniqueKey("rate")
      await admin.incr(PREFIX + key)
      const counted = await store().hit(key, 60)
      expect(counted.count).toBe(2)
      expect(await admin.pTTL(PREFIX + key)).toBeGreaterThan(59_000)
    })

    it("throws other errors as the client gave them", async () => {
      const key = uniqueKey("value")
      await store().set(key, "not a map", 60)
      const error = await store()
        .getFields(key)
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(Error)
      expect(error).not.toBeInstanceOf(DatabaseUnavailableError)
      expect((error as Error).message).toMatch(/^WRONGTYPE/)
    })

    it("answers DatabaseUnavailableError when Redis stalls past timeoutMs, and recovers", async () => {
      const proxy = await stallingProxy(new URL(REDIS_URL))
      const opened = await kind.open(`redis://127.0.0.1:${proxy.port}`)
      try {
        const proxied = createRedisStore(opened.client, { prefix: PREFIX, timeoutMs: 200 })
        const key = uniqueKey("stalled")
        await proxied.set(key, "value", 60)
        proxy.stall()
        const started = Date.now()
        const error = await proxied.get([key]).catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(DatabaseUnavailableError)
        expect(((error as Error).cause as Error).message).toContain("did not answer within 200 ms")
        expect(Date.now() - started).toBeGreaterThanOrEqual(190)
        expect(Date.now() - started).toBeLessThan(1_000)
        proxy.resume()
        expect(await proxied.get([key])).toEqual(["value"])
        expect((await proxied.hit(uniqueKey("rate"), 60)).count).toBe(1)
      } finally {
        await opened.close()
        await proxy.close()
      }
    })

    it("fails at once while the client reconnects, instead of queueing until timeoutMs, and recovers", async () => {
      const proxy = await stallingProxy(new URL(REDIS_URL))
      const opened = await kind.open(`redis://127.0.0.1:${proxy.port}`)
      const client = opened.client as unknown as NodeJS.EventEmitter
      // The lost connection is reported as an "error" event, which must have a listener.
      client.on("error", () => {})
      try {
        const proxied = createRedisStore(opened.client, { prefix: PREFIX, timeoutMs: 2_000 })
        const key = uniqueKey("cut")
        await proxied.set(key, "value", 60)
        // Not `events.once`, which rejects on the "error" event that comes first.
        const event = (name: string) => new Promise((resolve) => client.once(name, resolve))
        const reconnecting = event("reconnecting")
        proxy.cut()
        await reconnecting
        const started = Date.now()
        const error = await proxied.get([key]).catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(DatabaseUnavailableError)
        expect(((error as Error).cause as Error).message).toContain("lost its connection")
        expect(Date.now() - started).toBeLessThan(500)
        const ready = event("ready")
        proxy.restore()
        await ready
        expect(await proxied.get([key])).toEqual(["value"])
      } finally {
        await opened.close()
        await proxy.close()
      }
    })
  })

  describe("createRedisStore without a connection", () => {
    it("times out an ioredis client that queues commands for a server nobody runs", async () => {
      const client = new Redis(await unusedPort(), "127.0.0.1", {
        lazyConnect: true,
        enableOfflineQueue: true,
      })
      try {
        const started = Date.now()
        const error = await createRedisStore(client, { prefix: PREFIX, timeoutMs: 300 })
          .get([uniqueKey("unreachable")])
          .catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(DatabaseUnavailableError)
        expect(Date.now() - started).toBeLessThan(1_500)
      } finally {
        client.disconnect()
      }
    })

    it("fails fast on a node-redis client never connected, and works once it is", async () => {
      const client = createClient({ url: REDIS_URL })
      try {
        const unconnected = createRedisStore(client, { prefix: PREFIX, timeoutMs: 5_000 })
        const started = Date.now()
        const error = await unconnected
          .hit(uniqueKey("rate"), 60)
          .catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(DatabaseUnavailableError)
        expect(((error as Error).cause as Error).message).toBe("The client is closed")
        expect(Date.now() - started).toBeLessThan(1_000)
        await client.connect()
        expect((await unconnected.hit(uniqueKey("rate"), 60)).count).toBe(1)
      } finally {
        client.destroy()
      }
    })

    it("fails fast on an ioredis client without offline queue, and works once connected", async () => {
      const client = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false })
      try {
        const unconnected = createRedisStore(client, { prefix: PREFIX, timeoutMs: 5_000 })
        const started = Date.now()
        const error = await unconnected
          .get([uniqueKey("unconnected")])
          .catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(DatabaseUnavailableError)
        expect(Date.now() - started).toBeLessThan(1_000)
        // The refused command started the connection (`lazyConnect`): it is up once ready.
        if (client.status !== "ready") await once(client, "ready")
        expect(await unconnected.get([uniqueKey("connected")])).toEqual([null])
      } finally {
        client.disconnect()
      }
    })

    it("refuses what is not a Redis client, and invalid options, when created", () => {
      expect(() => createRedisStore({} as RedisClient)).toThrow(TypeError)
      expect(() => createRedisStore(nodeRedis, { timeoutMs: 0 })).toThrow(/timeoutMs/)
      expect(() => createRedisStore(nodeRedis, { prefix: 1 as unknown as string })).toThrow(
        /prefix/,
      )
    })
  })

  describe("createRedisStore's outage detection", () => {
    /** A node-redis-shaped client whose every command fails with `error` (thrown, or rejected). */
    function failingClient(error: unknown, thrown = false): RedisClient {
      const fail = (): Promise<never> => {
        if (thrown) throw error
        return Promise.reject(error)
      }
      return { mGet: fail, set: fail, hGetAll: fail, hDel: fail, del: fail, eval: fail }
    }
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6379"), {
      code: "ECONNREFUSED",
    })

    it.each([
      ["a refused connection", refused, "rejected"],
      ["a refusal on every address of a host", new AggregateError([refused], ""), "rejected"],
      [
        "node-redis's reconnect strategy giving up",
        { message: "", originalError: refused },
        "rejected",
      ],
      ["a closed client", new Error("The client is closed"), "thrown"],
      ["ioredis's closed connection", new Error("Connection is closed."), "rejected"],
      ["a server loading its data", new Error("LOADING Redis is loading the dataset"), "rejected"],
      [
        "a replica without its primary",
        new Error("MASTERDOWN Link with MASTER is down"),
        "rejected",
      ],
    ] as const)(
      "answers DatabaseUnavailableError for %s, keeping it as the cause",
      async (_, failure, how) => {
        const error = await createRedisStore(failingClient(failure, how === "thrown"))
          .getFields("key")
          .catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(DatabaseUnavailableError)
        expect((error as Error).cause).toBe(failure)
      },
    )

    it.each([
      ["an unknown command", new Error("ERR unknown command 'EVAL'")],
      ["a script error", new Error("NOSCRIPT No matching script")],
      ["a wrong type", new Error("WRONGTYPE Operation against a key holding the wrong kind")],
    ])("throws %s as it is", async (_, failure) => {
      await expect(createRedisStore(failingClient(failure)).hit("key", 60)).rejects.toBe(failure)
    })
  })

  /** `client`, recording the name of every method called on it in `calls`. */
  function countingCalls(client: RedisClient, calls: string[]): RedisClient {
    return new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target)
        if (typeof value !== "function") return value
        return (...args: unknown[]) => {
          calls.push(String(property))
          return value.apply(target, args)
        }
      },
    })
  }

  /** A port on 127.0.0.1 that nothing listens on (one just let go). */
  async function unusedPort(): Promise<number> {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as AddressInfo
    await new Promise((resolve) => server.close(resolve))
    return port
  }
})
