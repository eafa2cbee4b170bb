/**
 * Our Redis store (`createRedisStore` of `@auth/core/redis`) on a node-redis client of
 * `REDIS_URL`, under a key prefix of its own, for the rows that need Redis.
 */

/** A store and how to give it back: its keys deleted, its client closed. */
export interface BenchRedisStore {
  store: unknown
  /** One round trip to Redis on the store's client (`PING`). */
  roundTrip(): Promise<unknown>
  close(): Promise<void>
}

/**
 * What the store's process keeps of what it read: nothing (each read a round trip), node-redis's
 * client-side cache (Redis tells it when a key changes), or the store's own revocation cache
 * (`revocationCache`: every deny-list write is published to it).
 */
export type BenchRedisCache = "none" | "client-side" | "revocations"

/** Opens a store under a fresh prefix. Imported when a row first needs it. */
export async function openBenchRedisStore(
  cache: BenchRedisCache = "none",
): Promise<BenchRedisStore> {
  const { createClient } = await import("redis")
  const { createRedisStore } = await import("@auth/core/redis")
  const client = await createClient({
    url: process.env.REDIS_URL,
    ...(cache === "client-side"
      ? { RESP: 3, clientSideCache: { ttl: 0, maxEntries: 10_000 } }
      : {}),
  })
    .on("error", () => {})
    .connect()
  const prefix = `bench:${crypto.randomUUID()}:`
  const store = createRedisStore(client, { prefix, revocationCache: cache === "revocations" })
  return {
    store,
    roundTrip: () => client.ping(),
    async close() {
      await store.close()
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) {
        if (keys.length > 0) await client.del(keys)
      }
      await client.quit()
    },
  }
}
