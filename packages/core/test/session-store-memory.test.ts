/**
 * The default `session.store`, in memory: the same contract as the Redis store
 * (`redis-store.test.ts`), and its bound on keys.
 */
import { describe, expect, it } from "vitest"
import { createMemoryStore } from "../src/internal/rate-limit/store.js"
import {
  createMemorySessionStore,
  SESSION_STORE_MAX_KEYS,
} from "../src/internal/session-store/memory.js"
import { describeSessionStoreContract } from "./support/session-store-contract.js"

let memoryNow = 1_700_000_000_000
describeSessionStoreContract({
  name: "memory",
  store: () => createMemorySessionStore(() => memoryNow),
  elapse: async (seconds) => {
    memoryNow += seconds * 1000
  },
})

describe("createMemorySessionStore", () => {
  it("holds a bounded number of keys, dropping expired ones first, then the oldest", async () => {
    let now = 0
    const store = createMemorySessionStore(() => now)
    await store.set("short-lived", "1", 1)
    await store.setField("oldest", "a", "1", 3600)
    for (let index = 0; index < SESSION_STORE_MAX_KEYS - 2; index++) {
      await store.set(`key-${index}`, "1", 3600)
    }
    now = 2_000
    await store.set("new-1", "1", 3600)
    expect(await store.getFields("oldest")).toEqual({ a: "1" })
    await store.set("new-2", "1", 3600)
    // Full again with nothing expired: a session index (a map) made room before any value.
    expect(await store.getFields("oldest")).toEqual({})
    expect(await store.get(["key-0", "new-1", "new-2"])).toEqual(["1", "1", "1"])
    await store.set("new-3", "1", 3600)
    // No map left: the least recently written value (a revocation) goes.
    expect(await store.get(["key-0", "key-1", "new-3"])).toEqual([null, "1", "1"])
  })

  it("drops session indexes before revocations, however old the revocations", async () => {
    const store = createMemorySessionStore(() => 0)
    for (let index = 0; index < SESSION_STORE_MAX_KEYS - 1; index++) {
      await store.set(`revoked:${index}`, "1", 3600)
    }
    await store.setField("sessions:newest-user", "sid", "{}", 3600)
    await store.set("revoked:last", "1", 3600)
    expect(await store.getFields("sessions:newest-user")).toEqual({})
    expect(await store.get(["revoked:0", "revoked:last"])).toEqual(["1", "1"])
  })
})

describe("the memory rate-limit store", () => {
  it("peeks at a count without counting, and resets it", async () => {
    let now = 1_000
    const store = createMemoryStore(() => now)
    expect(await store.peek!("key")).toBeNull()
    await store.hit("key", 60)
    await store.hit("key", 60)
    expect(await store.peek!("key")).toEqual({ count: 2, resetAt: 61_000 })
    expect((await store.peek!("key"))?.count).toBe(2)
    now = 61_000
    expect(await store.peek!("key")).toBeNull()
    await store.hit("key", 60)
    await store.reset!("key")
    expect(await store.peek!("key")).toBeNull()
  })
})
