import { describe, expect, it } from "vitest"
import { CookieJar, parseSetCookie } from "./cookie-jar.js"

function responseWith(...cookies: string[]): Response {
  const headers = new Headers()
  for (const cookie of cookies) headers.append("set-cookie", cookie)
  return new Response(null, { headers })
}

describe("parseSetCookie", () => {
  it("reads the name, the value and the attributes", () => {
    expect(parseSetCookie("a=b=c; Path=/; HttpOnly; SameSite=Lax")).toEqual({
      name: "a",
      value: "b=c",
      path: "/",
      httpOnly: true,
      secure: false,
      partitioned: false,
      sameSite: "Lax",
    })
  })
})

describe("CookieJar deletions", () => {
  it.each([
    ["a=; Max-Age=0", true],
    ["a=; Max-Age=-1", true],
    ["a=1; Max-Age=60", false],
    ["a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT", true],
    ["a=1; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT", false],
    ["a=1", false],
  ])("%s → deleted: %s", (header, deleted) => {
    const jar = new CookieJar().store(responseWith("a=0; Path=/"))
    jar.store(responseWith(header))
    expect(jar.has("a")).toBe(!deleted)
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

  it("puts a cookie by name and value, sent as given", () => {
    const jar = new CookieJar().store(responseWith("a=1; Path=/"))
    jar.set("b", "forged%7Cvalue").set("a", "2")
    expect(jar.get("b")).toBe("forged%7Cvalue")
    expect(jar.header()).toBe("a=2; b=forged%7Cvalue")
  })
})
