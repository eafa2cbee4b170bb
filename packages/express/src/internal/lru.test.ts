import { describe, expect, it } from "vitest"
import { LruCache } from "./lru.js"

describe("LruCache", () => {
  it("keeps at most its capacity, dropping the least recently used", () => {
    const cache = new LruCache<string, number>(2)
    cache.set("a", 1)
    cache.set("b", 2)
    expect(cache.get("a")).toBe(1) // "b" is now the least recently used
    cache.set("c", 3)
    expect(cache.size).toBe(2)
    expect(cache.get("b")).toBeUndefined()
    expect(cache.get("a")).toBe(1)
    expect(cache.get("c")).toBe(3)
  })

  it("replaces a value without growing", () => {
    const cache = new LruCache<string, number>(2)
    cache.set("a", 1)
    cache.set("a", 2)
    expect(cache.size).toBe(1)
    expect(cache.get("a")).toBe(2)
  })
})
