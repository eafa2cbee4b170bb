import { describe, expect, it } from "vitest"
import { CookieJar, isExpired, parseSetCookie } from "./cookie-jar.js"

function responseWith(...cookies: string[]): Response {
  const headers = new Headers()
  for (const cookie of cookies) headers.append("set-cookie", cookie)
  return new Response(null, { headers })
}

describe("parseSetCookie", () => {
  it("reads the name, the value and lowercased attributes", () => {
    expect(parseSetCookie("a=b=c; Path=/; HttpOnly; SameSite=Lax")).toEqual({
      name: "a",
      value: "b=c",
      attributes: { path: "/", httponly: true, samesite: "Lax" },
    })
  })
})

describe("isExpired", () => {
  it.each([
    ["a=; Max-Age=0", true],
    ["a=; Max-Age=-1", true],
    ["a=1; Max-Age=60", false],
    ["a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT", true],
    ["a=1; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT", false],
    ["a=1", false],
  ])("%s → %s", (header, expired) => {
    expect(isExpired(parseSetCookie(header))).toBe(expired)
  })
})

describe("CookieJar", () => {
  it("keeps cookies by name and drops the ones a response expires", () => {
    const jar = new CookieJar()
    jar.store(responseWith("a=1; Path=/", "b=2; Path=/"))
    jar.store(responseWith("a=3; Path=/", "b=; Max-Age=0"))
    expect(jar.header()).toBe("a=3")
    expect(jar.has("b")).toBe(false)
  })
})
