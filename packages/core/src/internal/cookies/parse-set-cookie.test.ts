import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CookieSerializeOptions } from "../../types.js"
import { defaultCookies } from "./defaults.js"
import { isCookieDeletion, parseSetCookie } from "./parse-set-cookie.js"
import { serializeCookie } from "./serialize.js"

const NOW = Date.parse("2030-01-01T00:00:00Z")

describe("parseSetCookie", () => {
  it("reads every attribute core writes", () => {
    const header =
      "name=v%20w; Max-Age=0; Domain=app.test; Path=/x; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=None"
    expect(parseSetCookie(header)).toEqual({
      name: "name",
      value: "v%20w",
      maxAge: 0,
      domain: "app.test",
      path: "/x",
      expires: new Date(0),
      httpOnly: true,
      secure: true,
      partitioned: true,
      priority: "high",
      sameSite: "none",
    })
  })

  it("sets the flags to false and leaves out the attributes that are absent", () => {
    expect(parseSetCookie("a=1")).toEqual({
      name: "a",
      value: "1",
      httpOnly: false,
      secure: false,
      partitioned: false,
    })
  })

  it("reads a cookie core serialized back to its name, encoded value and options", () => {
    const { name, options } = defaultCookies(true).csrfToken
    const cookie = parseSetCookie(serializeCookie(name, "abc|def", options))
    expect(cookie).toEqual({
      name: "__Host-authjs.csrf-token",
      value: "abc%7Cdef",
      path: "/",
      httpOnly: true,
      secure: true,
      partitioned: false,
      sameSite: "lax",
    })
  })

  it("splits the name from the value at the first '=' and keeps the value as sent", () => {
    expect(parseSetCookie("a=b=c; Path=/")).toMatchObject({ name: "a", value: "b=c" })
    expect(parseSetCookie(' a = "quoted" ; Path=/')).toMatchObject({ name: "a", value: '"quoted"' })
    expect(parseSetCookie("a=; Max-Age=0")).toMatchObject({ name: "a", value: "" })
  })

  it("returns null for a header without '=' in its pair or with an empty name", () => {
    for (const header of ["", "novalue", "novalue; Path=/a=b", "=x; Path=/", " =x", ";a=b"]) {
      expect(parseSetCookie(header), header).toBeNull()
    }
  })

  it("matches attribute names case-insensitively and trims around them", () => {
    const cookie = parseSetCookie("a=1;  pAtH = /p ;HTTPONLY;secure ; samesite=STRICT;max-AGE= 60")
    expect(cookie).toMatchObject({
      path: "/p",
      httpOnly: true,
      secure: true,
      sameSite: "strict",
      maxAge: 60,
    })
  })

  it("keeps the last valid occurrence of a repeated attribute", () => {
    const cookie = parseSetCookie(
      "a=1; Max-Age=60; Max-Age=0; Max-Age=soon; Domain=a.test; Domain=; SameSite=Lax; SameSite=None",
    )
    expect(cookie).toMatchObject({ maxAge: 0, domain: "a.test", sameSite: "none" })
  })

  it("resets Path and SameSite to the user agent's default when the last one is invalid", () => {
    const cookie = parseSetCookie("a=1; Path=/x; Path=relative; SameSite=Lax; SameSite=Sometimes")
    expect(cookie).not.toHaveProperty("path")
    expect(cookie).not.toHaveProperty("sameSite")
    expect(parseSetCookie("a=1; Path=")).not.toHaveProperty("path")
  })

  it("ignores a Max-Age that is not an integer and an Expires that is not a date", () => {
    for (const maxAge of ["", "1.5", "+1", "1e3", "0x10", "- 1", "sixty"]) {
      expect(parseSetCookie(`a=1; Max-Age=${maxAge}`), maxAge).not.toHaveProperty("maxAge")
    }
    for (const expires of ["", "yesterday", "Thu, 99 Foo 1970 99:99:99 GMT", "1e400"]) {
      expect(parseSetCookie(`a=1; Expires=${expires}`), expires).not.toHaveProperty("expires")
    }
    const kept = parseSetCookie("a=1; Expires=Thu, 01 Jan 2099 00:00:00 GMT; Expires=never")
    expect(kept?.expires).toEqual(new Date(Date.UTC(2099, 0, 1)))
  })

  it("reads Max-Age beyond a safe integer as the largest one, and -0 as 0", () => {
    expect(parseSetCookie(`a=1; Max-Age=${"9".repeat(400)}`)?.maxAge).toBe(Number.MAX_SAFE_INTEGER)
    expect(parseSetCookie(`a=1; Max-Age=-${"9".repeat(400)}`)?.maxAge).toBe(Number.MIN_SAFE_INTEGER)
    expect(Object.is(parseSetCookie("a=1; Max-Age=-0")?.maxAge, 0)).toBe(true)
  })

  it("ignores unknown attributes and an unknown Priority", () => {
    const cookie = parseSetCookie("a=1; Foo=bar; __proto__=x; constructor; Priority=urgent")
    expect(cookie).toEqual({
      name: "a",
      value: "1",
      httpOnly: false,
      secure: false,
      partitioned: false,
    })
    expect(Object.prototype).not.toHaveProperty("x")
  })

  it("reads a value of megabytes and a header of a million attributes whole", () => {
    const value = "v".repeat(4 * 1024 * 1024)
    expect(parseSetCookie(`big=${value}; Path=/`)?.value).toHaveLength(value.length)
    const cookie = parseSetCookie(`a=1${"; Secure".repeat(1_000_000)}; Path=/last`)
    expect(cookie).toMatchObject({ secure: true, path: "/last" })
  })

  it("never throws on hostile input", () => {
    const pieces = ["a", "=", ";", " ", "\t", "\u0000", "\ud800", "%", '"', "-", "0", "9", "/"]
    const attributes = ["Max-Age", "Expires", "Path", "Domain", "SameSite", "Secure", "__proto__"]
    const header = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc
        .array(fc.constantFrom(...pieces, ...attributes), { maxLength: 40 })
        .map((parts) => parts.join("")),
    )
    fc.assert(
      fc.property(header, (header) => {
        const cookie = parseSetCookie(header)
        if (cookie !== null) expect(cookie.name.trim()).not.toBe("")
      }),
      { numRuns: 500 },
    )
  })

  it("reads back whatever core serializes", () => {
    const options = fc.record(
      {
        path: fc.constantFrom("/", "/app", "/a b"),
        domain: fc.constantFrom("example.com", ".example.com"),
        maxAge: fc.integer({ min: -1, max: 400 * 86_400 }),
        expires: fc.date({
          min: new Date(0),
          max: new Date(Date.UTC(9999, 11, 31)),
          noInvalidDate: true,
        }),
        httpOnly: fc.boolean(),
        secure: fc.boolean(),
        partitioned: fc.boolean(),
        priority: fc.constantFrom("low", "medium", "high"),
        sameSite: fc.constantFrom("lax", "strict", "none"),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.string(), options, (value, options: CookieSerializeOptions) => {
        const cookie = parseSetCookie(serializeCookie("n", value, options))
        expect(cookie?.name).toBe("n")
        expect(decodeURIComponent(cookie?.value ?? "")).toBe(value)
        expect(cookie?.path).toBe(options.path)
        expect(cookie?.domain).toBe(options.domain)
        expect(cookie?.maxAge).toBe(options.maxAge)
        // `Expires` is written to the second.
        expect(cookie?.expires?.getTime()).toBe(
          options.expires && Math.floor(options.expires.getTime() / 1000) * 1000,
        )
        expect(cookie?.httpOnly).toBe(Boolean(options.httpOnly))
        expect(cookie?.secure).toBe(Boolean(options.secure))
        expect(cookie?.partitioned).toBe(Boolean(options.partitioned))
        expect(cookie?.priority).toBe(options.priority)
        expect(cookie?.sameSite).toBe(options.sameSite)
      }),
    )
  })
})

describe("isCookieDeletion", () => {
  it.each([
    ["a=1; Path=/; HttpOnly", false],
    ["a=; Max-Age=0; Path=/", true],
    ["a=; Max-Age=-1", true],
    ["a=1; Max-Age=60", false],
    ["a=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT", true],
    ["a=x; Expires=Thu, 01 Jan 2099 00:00:00 GMT", false],
    ["a=x; Expires=Tue, 01 Jan 2030 00:00:00 GMT", true],
    ["a=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60", false],
    ["a=x; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT", false],
    ["a=x; Max-Age=0; Expires=Thu, 01 Jan 2099 00:00:00 GMT", true],
    ["a=x; Max-Age=never; Expires=Thu, 01 Jan 1970 00:00:00 GMT", true],
    ["a=x; Expires=not a date", false],
  ])("%s → %s", (header, deleted) => {
    const cookie = parseSetCookie(header)
    expect(cookie).not.toBeNull()
    if (cookie) expect(isCookieDeletion(cookie, NOW)).toBe(deleted)
  })

  it("reads the clock when none is given", () => {
    const inOneMinute = new Date(Date.now() + 60_000).toUTCString()
    expect(isCookieDeletion(parseSetCookie(`a=1; Expires=${inOneMinute}`)!)).toBe(false)
  })
})
