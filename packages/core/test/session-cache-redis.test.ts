/**
 * The session cache cookie with revocations noted in Redis: every instance of the app has its
 * own client (node-redis and ioredis in turn), so a device revoked on one instance is refused on
 * another at once. Keys live under this file's own prefix and are deleted afterwards.
 */
import { afterAll } from "vitest"
import { memoryBackend } from "./support/backend.js"
import { deleteRedisKeys, REDIS_URL, redisStoreOpener } from "./support/redis-stores.js"
import { describeSessionCache } from "./support/session-cache-suite.js"

const prefix = `test:session-cache:${crypto.randomUUID()}:`

describeSessionCache({
  backend: {
    ...memoryBackend,
    name: "MemoryAdapter, revocations in Redis",
    skip: REDIS_URL === "",
  },
  store: redisStoreOpener(prefix),
})

afterAll(() => deleteRedisKeys(prefix))
