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
 * Opens a store under a fresh prefix (`clientSideCache`: node-redis keeps what it read, and
 * Redis tells it when a key changes). Imported when a row first needs it.
 */
export async function openBenchRedisStore(clientSideCache = false): Promise<BenchRedisStore> {
  const { createClient } = await import("redis")
  const { createRedisStore } = await import("@auth/core/redis")
  const client = await createClient({
    url: process.env.REDIS_URL,
    ...(clientSideCache ? { RESP: 3, clientSideCache: { ttl: 0, maxEntries: 10_000 } } : {}),
  })
    .on("error", () => {})
    .connect()
  const prefix = `bench:${crypto.randomUUID()}:`
  return {
    store: createRedisStore(client, { prefix }),
    roundTrip: () => client.ping(),
    async close() {
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) {
        if (keys.length > 0) await client.del(keys)
      }
      await client.quit()
    },
  }
}
