import { describe, expect, it } from "vitest"
import * as web from "./crypto.js"
import * as node from "./crypto.node.js"
import { timingSafeEqual } from "./timing-safe-equal.js"

const builds = { webcrypto: web, node } as const

describe.each(Object.entries(builds))("%s build", (_name, build) => {
  it("computes HMAC-SHA256 as RFC 4231 test case 2 gives it", async () => {
    expect(await build.hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    )
  })

  it("rejects an empty secret with a DataError, as WebCrypto's importKey does", async () => {
    await expect(build.hmacSha256Hex("", "message")).rejects.toMatchObject({ name: "DataError" })
  })

  it("draws distinct random hex of the asked length, across pool refills", () => {
    const seen = new Set<string>()
    for (let i = 0; i < 300; i++) {
      const hex = build.randomHex(32)
      expect(hex).toMatch(/^[0-9a-f]{64}$/)
      seen.add(hex)
    }
    expect(seen.size).toBe(300)
    expect(build.randomHex(5000)).toMatch(/^[0-9a-f]{10000}$/)
  })
})

describe("both builds", () => {
  it('agree on SHA-256 in base64url, as FIPS 180-2\'s "abc" example gives it', async () => {
    const abc = "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0"
    expect(await node.sha256Base64url("abc")).toBe(abc)
    expect(await web.sha256Base64url("abc")).toBe(abc)
    for (const text of ["", "ünïcödé 🔑", crypto.randomUUID(), "t".repeat(1000)]) {
      expect(await node.sha256Base64url(text)).toBe(await web.sha256Base64url(text))
    }
  })

  it("agree on SHA-1 in hex (Redis's script names), as FIPS 180-2's abc example gives it", async () => {
    const abc = "a9993e364706816aba3e25717850c26c9cd0d89d"
    expect(await node.sha1Hex("abc")).toBe(abc)
    expect(await web.sha1Hex("abc")).toBe(abc)
    for (const text of ["", "ünïcödé 🔑", 'return redis.call("GET", KEYS[1])', "t".repeat(1000)]) {
      expect(await node.sha1Hex(text)).toBe(await web.sha1Hex(text))
    }
  })

  it("agree on every HMAC, whatever the secret and message", async () => {
    const secrets = ["s", "a secret of thirty-two characters", "ünïcödé 🔑", "x".repeat(200)]
    const messages = ["", "token", "ünïcödé 🔑", "m".repeat(1000)]
    for (const secret of secrets) {
      for (const message of messages) {
        expect(await node.hmacSha256Hex(secret, message)).toBe(
          await web.hmacSha256Hex(secret, message),
        )
      }
    }
  })
})

describe("timingSafeEqual", () => {
  it("is true only for equal strings", () => {
    expect(timingSafeEqual("abc", "abc")).toBe(true)
    expect(timingSafeEqual("abc", "abd")).toBe(false)
    expect(timingSafeEqual("abc", "abcd")).toBe(false)
    expect(timingSafeEqual("", "")).toBe(true)
  })
})
