/**
 * Session management with JWT revocations in Redis: every instance of the app has its own
 * client (node-redis and ioredis in turn), so what one instance revokes, another refuses at
 * once. Keys live under this file's own prefix and are deleted afterwards.
 */
import { Redis } from "ioredis"
import { createClient } from "redis"
import { afterAll } from "vitest"
import { createRedisStore } from "../src/redis.js"
import { memoryBackend } from "./support/backend.js"
import { describeSessionManagement } from "./support/session-management-suite.js"

/** Set by `.ci/run` when a Redis server answers; without it the suite is reported skipped. */
const REDIS_URL = process.env.REDIS_URL ?? ""
const prefix = `test:sessions:${crypto.randomUUID()}:`
let opened = 0

describeSessionManagement({
  backend: {
    ...memoryBackend,
    name: "MemoryAdapter, revocations in Redis",
    skip: REDIS_URL === "",
  },
  // Database sessions never use the store.
  strategies: ["jwt"],
  async store() {
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
  },
})

afterAll(async () => {
  if (REDIS_URL === "") return
  const admin = await createClient({ url: REDIS_URL }).connect()
  for await (const keys of admin.scanIterator({ MATCH: `${prefix}*` })) {
    if (keys.length > 0) await admin.del(keys)
  }
  await admin.quit()
})
