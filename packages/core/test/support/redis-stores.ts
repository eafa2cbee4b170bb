/**
 * Redis session stores for suites that run as several instances of an app: each instance opens
 * its own client, node-redis and ioredis in turn, all under one key prefix, which
 * {@link deleteRedisKeys} empties afterwards.
 */
import { Redis } from "ioredis"
import { createClient } from "redis"
import { createRedisStore } from "../../src/redis.js"
import type { SessionStore } from "../../src/types.js"

/** Set by `.ci/run` when a Redis server answers; without it the suites are reported skipped. */
export const REDIS_URL = process.env.REDIS_URL ?? ""

/** One instance's store and how to close its client. */
export interface OpenedStore {
  store: SessionStore
  close(): Promise<void>
}

/** Opens stores under `prefix`: odd calls on a node-redis client, even ones on ioredis. */
export function redisStoreOpener(prefix: string): () => Promise<OpenedStore> {
  let opened = 0
  return async () => {
    opened += 1
    if (opened % 2 === 1) {
      const client = await createClient({ url: REDIS_URL }).connect()
      return {
        store: createRedisStore(client, { prefix }),
        close: () => client.quit().then(() => {}),
      }
    }
    const client = new Redis(REDIS_URL)
    return {
      store: createRedisStore(client, { prefix }),
      close: () => client.quit().then(() => {}),
    }
  }
}

/** Deletes every key under `prefix` (nothing without `REDIS_URL`). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  if (REDIS_URL === "") return
  const admin = await createClient({ url: REDIS_URL }).connect()
  for await (const keys of admin.scanIterator({ MATCH: `${prefix}*` })) {
    if (keys.length > 0) await admin.del(keys)
  }
  await admin.quit()
}
