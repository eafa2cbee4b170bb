import { describe, expect, it } from "vitest"
import { MAX_COOKIE_COUNT, MAX_COOKIE_HEADER_LENGTH, parseCookieHeader } from "./parse.js"

describe("parseCookieHeader", () => {
  it("parses pairs and trims whitespace", () => {
    expect({ ...parseCookieHeader("a=1;  b = 2 ;c=") }).toEqual({ a: "1", b: "2", c: "" })
  })

  it("returns an empty map for a missing or empty header", () => {
    expect({ ...parseCookieHeader(undefined) }).toEqual({})
    expect({ ...parseCookieHeader(null) }).toEqual({})
    expect({ ...parseCookieHeader("") }).toEqual({})
  })

  it("keeps the first occurrence of a name", () => {
    expect(parseCookieHeader("a=first; a=second").a).toBe("first")
  })

  it("percent-decodes values, keeping malformed ones as sent", () => {
    const cookies = parseCookieHeader("csrf=abc%7Cdef; bad=%E0%A4%A; plain=a+b")
    expect(cookies.csrf).toBe("abc|def")
    expect(cookies.bad).toBe("%E0%A4%A")
    expect(cookies.plain).toBe("a+b")
  })

  it("strips surrounding double quotes", () => {
    const cookies = parseCookieHeader('a="quoted"; b="; c="x')
    expect(cookies.a).toBe("quoted")
    expect(cookies.b).toBe('"')
    expect(cookies.c).toBe('"x')
  })

  it("keeps '=' inside values and skips pairs without a name or '='", () => {
    expect({ ...parseCookieHeader("a=b=c; novalue; =x; ;") }).toEqual({ a: "b=c" })
  })

  it("stores __proto__ as a plain key without polluting prototypes", () => {
    const cookies = parseCookieHeader("__proto__=x; constructor=y; toString=z")
    expect(Object.getPrototypeOf(cookies)).toBeNull()
    expect(Object.entries(cookies)).toEqual([
      ["__proto__", "x"],
      ["constructor", "y"],
      ["toString", "z"],
    ])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty("x")
  })

  it("never throws on hostile input", () => {
    for (const header of ["%", "=%", "a=%ZZ", "\u0000=\u0000", ";;;;", "a=\ud800", "===="]) {
      expect(() => parseCookieHeader(header)).not.toThrow()
    }
  })

  it(`reads at most ${MAX_COOKIE_COUNT} cookies`, () => {
    const header = Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join("; ")
    const cookies = parseCookieHeader(header)
    expect(Object.keys(cookies)).toHaveLength(MAX_COOKIE_COUNT)
    expect(cookies[`c${MAX_COOKIE_COUNT - 1}`]).toBe(String(MAX_COOKIE_COUNT - 1))
    expect(cookies[`c${MAX_COOKIE_COUNT}`]).toBeUndefined()
  })

  it("reads only the start of an oversized header, dropping the pair it cuts", () => {
    const filler = "x".repeat(MAX_COOKIE_HEADER_LENGTH)
    const cookies = parseCookieHeader(`a=1; big=${filler}; late=1`)
    expect(cookies.a).toBe("1")
    expect(cookies.big).toBeUndefined()
    expect(cookies.late).toBeUndefined()
  })

  it("reads a header of megabytes only up to its limits (timed in bench/: session-hostile-cookie)", () => {
    const header = "a=b;".repeat(1_000_000)
    const cookies = parseCookieHeader(header)
    expect(Object.keys(cookies)).toEqual(["a"])
    expect(cookies.a).toBe("b")
  })
})
