import { describe, expect, it } from "vitest"
import { forwardRequestCookies, renderedCookieHeader } from "./request-cookies.js"

describe("forwardRequestCookies", () => {
  const next = () => new Response(null, { headers: { "x-middleware-next": "1" } })

  it("overrides the request's headers, all of them kept and the cookie replaced", () => {
    const response = next()
    const headers = new Headers({ host: "app.test", cookie: "a=1", accept: "text/html" })
    forwardRequestCookies(response, headers, ["a=2; Path=/"])
    expect(response.headers.get("x-middleware-override-headers")?.split(",").sort()).toEqual([
      "accept",
      "cookie",
      "host",
    ])
    expect(response.headers.get("x-middleware-request-cookie")).toBe("a=2")
    expect(response.headers.get("x-middleware-request-host")).toBe("app.test")
  })

  it("adds to the overrides the app's middleware already made, on top of its cookie", () => {
    const response = next()
    response.headers.set("x-middleware-override-headers", "x-tenant,cookie")
    response.headers.set("x-middleware-request-x-tenant", "t1")
    response.headers.set("x-middleware-request-cookie", "b=1")
    forwardRequestCookies(response, new Headers({ cookie: "a=1" }), ["a=2; Path=/"])
    expect(response.headers.get("x-middleware-override-headers")).toBe("x-tenant,cookie")
    expect(response.headers.get("x-middleware-request-cookie")).toBe("b=1; a=2")
  })

  it("leaves a redirect alone: no request goes on", () => {
    const response = new Response(null, { status: 303, headers: { location: "/login" } })
    forwardRequestCookies(response, new Headers({ cookie: "a=1" }), ["a=2; Path=/"])
    expect(response.headers.has("x-middleware-override-headers")).toBe(false)
  })
})

describe("renderedCookieHeader", () => {
  // What Next.js's cookies() holds for a header: one value per name, the last one.
  const jarOf = (entries: Record<string, string>) =>
    Object.entries(entries).map(([name, value]) => ({ name, value }))

  it("keeps the header as sent, duplicates and all, when nothing was set", () => {
    const header = "s=first; theme=dark; s=second"
    expect(renderedCookieHeader(header, jarOf({ s: "second", theme: "dark" }))).toBe(header)
  })

  it("replays what this request set or deleted, replacing every pair of that name", () => {
    const header = "s=first; theme=dark; s=second; gone=1"
    const jar = jarOf({ s: "new value|1", theme: "dark", csrf: "" })
    expect(renderedCookieHeader(header, jar)).toBe("theme=dark; s=new%20value%7C1")
  })

  it("compares with the decoded values cookies() holds", () => {
    const header = "a=x%7Cy; b"
    expect(renderedCookieHeader(header, jarOf({ a: "x|y", b: "true" }))).toBe(header)
  })
})
