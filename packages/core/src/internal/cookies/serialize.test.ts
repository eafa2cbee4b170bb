import { describe, expect, it } from "vitest"
import { defaultCookies } from "./defaults.js"
import { serializeCookie } from "./serialize.js"

describe("serializeCookie", () => {
  it("writes the CSRF cookie as Auth.js does", () => {
    const { name, options } = defaultCookies(true).csrfToken
    expect(serializeCookie(name, "abc|def", options)).toBe(
      "__Host-authjs.csrf-token=abc%7Cdef; Path=/; HttpOnly; Secure; SameSite=Lax",
    )
  })

  it("percent-encodes a callback URL value", () => {
    const { name, options } = defaultCookies(true).callbackUrl
    expect(serializeCookie(name, "https://app.example.com", options)).toBe(
      "__Secure-authjs.callback-url=https%3A%2F%2Fapp.example.com; Path=/; HttpOnly; Secure; SameSite=Lax",
    )
  })

  it("writes a session cookie with Expires", () => {
    const { name, options } = defaultCookies(false).sessionToken
    const expires = new Date(Date.UTC(2026, 11, 21, 16, 5, 23))
    expect(serializeCookie(name, "jwe", { ...options, expires })).toBe(
      "authjs.session-token=jwe; Path=/; Expires=Mon, 21 Dec 2026 16:05:23 GMT; HttpOnly; SameSite=Lax",
    )
  })

  it("writes a deletion cookie", () => {
    const { name, options } = defaultCookies(false).sessionToken
    expect(serializeCookie(name, "", { ...options, maxAge: 0 })).toBe(
      "authjs.session-token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    )
  })

  it("orders every attribute as Auth.js does", () => {
    const expires = new Date(0)
    const cookie = serializeCookie("n", "v", {
      sameSite: "none",
      priority: "high",
      partitioned: true,
      secure: true,
      httpOnly: true,
      expires,
      path: "/p",
      domain: ".example.com",
      maxAge: 900,
    })
    expect(cookie).toBe(
      "n=v; Max-Age=900; Domain=.example.com; Path=/p; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=None",
    )
  })

  it("maps sameSite and priority values", () => {
    expect(serializeCookie("n", "v", { sameSite: true })).toBe("n=v; SameSite=Strict")
    expect(serializeCookie("n", "v", { sameSite: "strict" })).toBe("n=v; SameSite=Strict")
    expect(serializeCookie("n", "v", { sameSite: false })).toBe("n=v")
    expect(serializeCookie("n", "v", { priority: "low" })).toBe("n=v; Priority=Low")
    expect(serializeCookie("n", "v", { priority: "medium" })).toBe("n=v; Priority=Medium")
  })

  it("omits false flags and empty options", () => {
    expect(serializeCookie("n", "v", { httpOnly: false, secure: false, partitioned: false })).toBe(
      "n=v",
    )
  })

  it("encodes characters that could end the value", () => {
    expect(serializeCookie("n", "a; Domain=evil.com\r\nSet-Cookie: x=y", {})).toBe(
      "n=a%3B%20Domain%3Devil.com%0D%0ASet-Cookie%3A%20x%3Dy",
    )
  })

  it.each(["", "a b", "a;b", "a=b", "a\r\nb", "a\u0000", "é", "a,b", '"a"'])(
    "rejects the name %j",
    (name) => {
      expect(() => serializeCookie(name, "v", {})).toThrow(TypeError)
    },
  )

  it.each([
    "example.com; Secure",
    "example.com\r\nSet-Cookie: a=b",
    "example.com\n",
    "exa mple.com",
    "example.com\u0000",
    "-example.com",
  ])("rejects the domain %j", (domain) => {
    expect(() => serializeCookie("n", "v", { domain })).toThrow(TypeError)
  })

  it.each(["/; Domain=evil.com", "/\r\nSet-Cookie: a=b", "/\n", "/\t", "/\u007f", "/é"])(
    "rejects the path %j",
    (path) => {
      expect(() => serializeCookie("n", "v", { path })).toThrow(TypeError)
    },
  )

  it("rejects invalid maxAge, expires, priority and sameSite", () => {
    expect(() => serializeCookie("n", "v", { maxAge: 1.5 })).toThrow(TypeError)
    expect(() => serializeCookie("n", "v", { maxAge: Number.NaN })).toThrow(TypeError)
    expect(() => serializeCookie("n", "v", { expires: new Date(Number.NaN) })).toThrow(TypeError)
    const priority = "urgent" as "high"
    expect(() => serializeCookie("n", "v", { priority })).toThrow(TypeError)
    const sameSite = "sometimes" as "lax"
    expect(() => serializeCookie("n", "v", { sameSite })).toThrow(TypeError)
  })

  it("rejects a value that is not well-formed Unicode", () => {
    expect(() => serializeCookie("n", "\ud800", {})).toThrow(TypeError)
  })

  it("accepts a domain without a leading dot and a negative maxAge", () => {
    expect(serializeCookie("n", "v", { domain: "localhost", maxAge: -1 })).toBe(
      "n=v; Max-Age=-1; Domain=localhost",
    )
  })
})
