/**
 * Session management with JWT revocations in Redis: every instance of the app has its own
 * client (node-redis and ioredis in turn), so what one instance revokes, another refuses at
 * once. Keys live under this file's own prefix and are deleted afterwards.
 */
import { afterAll } from "vitest"
import { memoryBackend } from "./support/backend.js"
import { deleteRedisKeys, REDIS_URL, redisStoreOpener } from "./support/redis-stores.js"
import { describeSessionManagement } from "./support/session-management-suite.js"

const prefix = `test:sessions:${crypto.randomUUID()}:`

describeSessionManagement({
  backend: {
    ...memoryBackend,
    name: "MemoryAdapter, revocations in Redis",
    skip: REDIS_URL === "",
  },
  // Database sessions never use the store.
  strategies: ["jwt"],
  store: redisStoreOpener(prefix),
})

afterAll(() => deleteRedisKeys(prefix))
