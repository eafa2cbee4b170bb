import { describe, expect, it } from "vitest"
import { sessionCacheHeaders } from "./session-cache.js"

/** The response's headers once the pairs are set. */
function applied(init: Record<string, string>): Headers {
  const headers = new Headers(init)
  for (const [name, value] of sessionCacheHeaders(headers)) headers.set(name, value)
  return headers
}

describe("sessionCacheHeaders", () => {
  it.each([
    ["no Cache-Control", {}],
    ["public, max-age", { "cache-control": "public, max-age=600" }],
    ["s-maxage", { "cache-control": "s-maxage=60, stale-while-revalidate=30" }],
    ["no-cache (which stores)", { "cache-control": "no-cache" }],
    ["private only for Set-Cookie", { "cache-control": 'private="Set-Cookie", max-age=60' }],
  ])("makes a response with %s private and no-store", (_, init) => {
    const headers = applied(init)
    expect(headers.get("cache-control")).toBe("private, no-store")
    expect(headers.get("vary")).toBe(null)
  })

  it("leaves a no-store response as it is", () => {
    for (const value of ["no-store", "No-Store, max-age=0", "private, no-store"]) {
      expect(sessionCacheHeaders(new Headers({ "cache-control": value }))).toEqual([])
    }
  })

  it("keeps a private Cache-Control, and varies it on Cookie", () => {
    const headers = applied({ "cache-control": "Private, max-age=60", vary: "Accept-Encoding" })
    expect(headers.get("cache-control")).toBe("Private, max-age=60")
    expect(headers.get("vary")).toBe("Accept-Encoding, Cookie")
    expect(applied({ "cache-control": "private" }).get("vary")).toBe("Cookie")
    for (const vary of ["cookie", "Accept, Cookie", "*"]) {
      expect(sessionCacheHeaders(new Headers({ "cache-control": "private", vary }))).toEqual([])
    }
  })

  it("turns CDN-targeted cache headers, which CDNs read first, to no-store", () => {
    const headers = applied({
      "cache-control": "no-store",
      "cdn-cache-control": "max-age=600",
      "vercel-cdn-cache-control": "max-age=600",
      "surrogate-control": "max-age=600",
    })
    expect(headers.get("cdn-cache-control")).toBe("no-store")
    expect(headers.get("vercel-cdn-cache-control")).toBe("no-store")
    expect(headers.get("surrogate-control")).toBe("no-store")
    expect(headers.get("cache-control")).toBe("no-store")
  })
})
