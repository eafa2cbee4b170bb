import { describe, expect, it } from "vitest"
import { createMemoryStore, MEMORY_STORE_MAX_KEYS } from "./store.js"

describe("createMemoryStore", () => {
  it("counts hits per key within a window that starts with the first hit", async () => {
    let now = 1_000_000
    const store = createMemoryStore(() => now)
    expect(await store.hit("a", 60)).toEqual({ count: 1, resetAt: now + 60_000 })
    now += 30_000
    expect(await store.hit("a", 60)).toEqual({ count: 2, resetAt: 1_060_000 })
    expect(await store.hit("b", 60)).toEqual({ count: 1, resetAt: now + 60_000 })
    now = 1_060_000
    expect(await store.hit("a", 60)).toEqual({ count: 1, resetAt: now + 60_000 })
  })

  it("holds a bounded number of keys, dropping expired windows first, then the oldest", async () => {
    let now = 0
    const store = createMemoryStore(() => now)
    await store.hit("short-lived", 1)
    await store.hit("oldest", 3600)
    for (let i = 0; i < MEMORY_STORE_MAX_KEYS - 2; i++) await store.hit(`k${i}`, 3600)
    now = 2_000
    await store.hit("new-1", 3600)
    expect((await store.hit("oldest", 3600)).count).toBe(2)
    await store.hit("new-2", 3600)
    // Full again with no expired window: the oldest key made room (its count starts over).
    expect((await store.hit("oldest", 3600)).count).toBe(1)
    expect((await store.hit("new-1", 3600)).count).toBe(2)
  })

  it("runs steps in order, ending after the first over its limit", async () => {
    const now = 1_000_000
    const store = createMemoryStore(() => now)
    await store.hit("ceiling", 60)
    await store.hit("ceiling", 60)
    const counts = await store.run!([
      { type: "peek", key: "none", limit: 1 },
      { type: "hit", key: "ceiling", windowSeconds: 60, limit: 2 },
      { type: "hit", key: "never", windowSeconds: 60 },
    ])
    expect(counts).toEqual([null, { count: 3, resetAt: now + 60_000 }])
    expect(await store.peek!("never")).toBeNull()
  })
})
