/**
 * `createRedisStore(client, { revocationCache: true })` on a real Redis (REDIS_URL; skipped
 * without it), through both clients: deny-list reads answered in the process, a write on any
 * store (cached or not) reaching every cache, the cache bypassed while its connection is down
 * and back once it is up, and the session store contract kept with the cache on. Counting the
 * reads that reach Redis is how the tests tell a cached answer from a fetched one.
 */
import { Redis } from "ioredis"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"
import { DatabaseUnavailableError } from "../src/adapters.js"
import { createRedisStore, type RedisClient, type RedisStore } from "../src/redis.js"
import { describeSessionStoreContract } from "./support/session-store-contract.js"
import { stallingProxy } from "./support/stalling-proxy.js"

const REDIS_URL = process.env.REDIS_URL ?? ""
/** Every key this file writes starts with it; they are deleted after. */
const PREFIX = `test:revocation-cache:${crypto.randomUUID()}:`

/** A client under test, and how many `MGET`s it has sent (the store's reads). */
interface CountedClient {
  client: RedisClient
  reads(): number
  close(): Promise<void>
}

/** Wraps `client` so that its `MGET`s are counted; every other call goes to it unchanged. */
function counted<T extends object>(client: T, mget: "mGet" | "mget", close: () => Promise<void>) {
  let reads = 0
  const proxy = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target)
      if (typeof value !== "function") return value
      if (property === mget) {
        return (...args: unknown[]) => {
          reads += 1
          return value.apply(target, args)
        }
      }
      return value.bind(target)
    },
  })
  return { client: proxy as unknown as RedisClient, reads: () => reads, close }
}

const kinds = [
  {
    name: "node-redis",
    async open(url = REDIS_URL): Promise<CountedClient> {
      const client = await createClient({ url }).connect()
      client.on("error", () => {})
      return counted(client, "mGet", async () => {
        await client.close()
      })
    },
  },
  {
    name: "ioredis",
    async open(url = REDIS_URL): Promise<CountedClient> {
      const client = new Redis(url)
      await client.ping()
      return counted(client, "mget", async () => {
        await client.quit()
      })
    },
  },
]

/** A deny-list key of one test: a revoked session id. */
function revokedKey(): string {
  return `revoked:${crypto.randomUUID()}`
}

describe.skipIf(REDIS_URL === "").each(kinds)("revocation cache on $name", ({ open }) => {
  const clients: CountedClient[] = []
  const stores: RedisStore[] = []
  let admin: ReturnType<typeof createClient>

  /** A store with the cache on, on a client of its own (an instance of the app). */
  async function instance(options: { cache?: boolean } = {}) {
    const opened = await open()
    clients.push(opened)
    const store = createRedisStore(opened.client, {
      prefix: PREFIX,
      revocationCache: options.cache ?? true,
    })
    stores.push(store)
    return { store, reads: opened.reads }
  }

  /** Waits until `store` answers from its cache: a read of a fresh key twice, fetched once. */
  async function untilCaching(store: RedisStore, reads: () => number): Promise<void> {
    await vi.waitFor(
      async () => {
        const key = revokedKey()
        await store.get([key])
        const before = reads()
        await store.get([key])
        expect(reads()).toBe(before)
      },
      { timeout: scaled(10_000), interval: 20 },
    )
  }

  beforeAll(async () => {
    admin = await createClient({ url: REDIS_URL }).connect()
  })

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()))
    await Promise.all(clients.map((client) => client.close()))
    for await (const keys of admin.scanIterator({ MATCH: `${PREFIX}*`, COUNT: 1000 })) {
      if (keys.length > 0) await admin.del(keys)
    }
    await admin.close()
  })

  it("answers a deny-list read again from the process, and other keys from Redis", async () => {
    const { store, reads } = await instance()
    await untilCaching(store, reads)
    const [sid, stamp] = [revokedKey(), `signed-out:${crypto.randomUUID()}`]
    expect(await store.get([sid, stamp])).toEqual([null, null])
    const before = reads()
    expect(await store.get([sid, stamp])).toEqual([null, null])
    expect(reads()).toBe(before)

    const other = `access:${crypto.randomUUID()}`
    await store.set(other, "token", 60)
    expect(await store.get([other])).toEqual(["token"])
    expect(await store.get([other])).toEqual(["token"])
    expect(reads()).toBe(before + 2)
  })

  it("refuses at once on the instance that revokes, and soon on every other, cached or not", async () => {
    const [first, second, plain] = [
      await instance(),
      await instance(),
      await instance({ cache: false }),
    ]
    await untilCaching(first.store, first.reads)
    await untilCaching(second.store, second.reads)
    const [byFirst, byPlain] = [revokedKey(), revokedKey()]
    for (const { store } of [first, second]) {
      expect(await store.get([byFirst, byPlain])).toEqual([null, null])
    }

    await first.store.set(byFirst, "1", 60)
    expect(await first.store.get([byFirst])).toEqual(["1"])
    await vi.waitFor(async () => expect(await second.store.get([byFirst])).toEqual(["1"]), {
      timeout: scaled(5000),
      interval: 5,
    })

    // A store without the cache announces its deny-list writes too.
    await plain.store.set(byPlain, "1", 60)
    for (const { store } of [first, second]) {
      await vi.waitFor(async () => expect(await store.get([byPlain])).toEqual(["1"]), {
        timeout: scaled(5000),
        interval: 5,
      })
    }
    // A present entry is kept as well: read again without a round trip.
    const before = second.reads()
    expect(await second.store.get([byFirst, byPlain])).toEqual(["1", "1"])
    expect(second.reads()).toBe(before)
  })

  it("reads from Redis while its connection is down, and caches again once it is back", async () => {
    const [watcher, writer] = [await instance(), await instance()]
    await untilCaching(watcher.store, watcher.reads)
    const sid = revokedKey()
    expect(await watcher.store.get([sid])).toEqual([null])

    // Every cache's connection of this server goes (the other tests' caches recover the same).
    const list = String(await admin.sendCommand(["CLIENT", "LIST"]))
    const ids = [...list.matchAll(/id=(\d+) [^\n]*name=authjs-revocation-cache /g)]
    expect(ids.length).toBeGreaterThan(0)
    for (const [, id] of ids) await admin.sendCommand(["CLIENT", "KILL", "ID", id!])
    await writer.store.set(sid, "1", 60)

    await vi.waitFor(async () => expect(await watcher.store.get([sid])).toEqual(["1"]), {
      timeout: scaled(5000),
      interval: 5,
    })
    await untilCaching(watcher.store, watcher.reads)
  })

  it("stops using the cache within 2.5 s when its heartbeats stop getting through", async () => {
    const proxy = await stallingProxy(new URL(REDIS_URL))
    const opened = await open(`redis://127.0.0.1:${proxy.port}`)
    const store = createRedisStore(opened.client, {
      prefix: PREFIX,
      timeoutMs: 300,
      revocationCache: true,
    })
    try {
      await untilCaching(store, opened.reads)
      const sid = revokedKey()
      expect(await store.get([sid])).toEqual([null])

      // Nothing this instance sends reaches Redis (its heartbeats included): a stalled network.
      proxy.stall()
      expect(await store.get([sid])).toEqual([null])
      // Within STALE_AFTER_MS of the last heartbeat heard, it asks Redis, which does not answer.
      await vi.waitFor(
        async () => {
          const error = await store.get([sid]).then(
            () => undefined,
            (caught: unknown) => caught,
          )
          expect(error).toBeInstanceOf(DatabaseUnavailableError)
        },
        { timeout: scaled(10_000), interval: 50 },
      )
      proxy.resume()
      await untilCaching(store, opened.reads)
    } finally {
      // A held command would keep the client's close waiting.
      proxy.resume()
      await store.close()
      await opened.close()
      await proxy.close()
    }
  })

  it("reads from Redis once closed, and refuses a client that cannot open a second connection", async () => {
    const { store, reads } = await instance()
    await untilCaching(store, reads)
    await store.close()
    const sid = revokedKey()
    await store.get([sid])
    await store.get([sid])
    expect(reads()).toBeGreaterThanOrEqual(2)

    const { client } = clients.at(-1)!
    const withoutDuplicate = new Proxy(client, {
      get: (target, property) =>
        property === "duplicate" ? undefined : Reflect.get(target, property),
    })
    expect(() => createRedisStore(withoutDuplicate, { revocationCache: true })).toThrow(/duplicate/)
    for (const revocationCache of [0, null, "yes", { maxEntries: 0 }, { maxEntries: 1.5 }]) {
      expect(() => createRedisStore(client, { revocationCache: revocationCache as never })).toThrow(
        TypeError,
      )
    }
  })

  describe("with every test's store cached", () => {
    let store: RedisStore
    beforeAll(async () => {
      store = (await instance()).store
    })
    describeSessionStoreContract({
      name: "revocation cache on",
      store: () => store,
      elapse: (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100)),
    })
  })
})
