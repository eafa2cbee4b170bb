import type { AuthorizationServer } from "oauth4webapi"
import { describe, expect, it } from "vitest"
import { DiscoveryCache } from "./discovery.js"

function metadata(issuer: string): AuthorizationServer {
  return { issuer }
}

function counter(issuer: string) {
  let calls = 0
  return {
    get calls() {
      return calls
    },
    load: async () => {
      calls++
      return metadata(issuer)
    },
  }
}

describe("DiscoveryCache", () => {
  it("returns the same metadata object until the entry expires", async () => {
    let now = 0
    const cache = new DiscoveryCache({ ttlSeconds: 60, now: () => now })
    const source = counter("https://a.test")

    const first = await cache.get("a", source.load)
    now = 59_999
    expect(await cache.get("a", source.load)).toBe(first)
    expect(source.calls).toBe(1)

    now = 60_000
    const refreshed = await cache.get("a", source.load)
    expect(refreshed).not.toBe(first)
    expect(source.calls).toBe(2)
  })

  it("shares one request between concurrent lookups", async () => {
    const cache = new DiscoveryCache()
    const source = counter("https://a.test")

    const [one, two] = await Promise.all([cache.get("a", source.load), cache.get("a", source.load)])

    expect(one).toBe(two)
    expect(source.calls).toBe(1)
  })

  it("does not keep a failed lookup", async () => {
    const cache = new DiscoveryCache()
    await expect(cache.get("a", () => Promise.reject(new TypeError("down")))).rejects.toThrow(
      "down",
    )
    await Promise.resolve()

    expect(cache.size).toBe(0)
    expect(await cache.get("a", async () => metadata("https://a.test"))).toEqual({
      issuer: "https://a.test",
    })
  })

  it("drops the least recently used entry beyond its size", async () => {
    const cache = new DiscoveryCache({ maxEntries: 2 })
    const a = counter("https://a.test")
    const b = counter("https://b.test")
    const c = counter("https://c.test")

    await cache.get("a", a.load)
    await cache.get("b", b.load)
    await cache.get("a", a.load) // a is now the most recently used
    await cache.get("c", c.load) // evicts b

    expect(cache.size).toBe(2)
    await cache.get("a", a.load)
    await cache.get("b", b.load)
    expect(a.calls).toBe(1)
    expect(b.calls).toBe(2)
  })
})
