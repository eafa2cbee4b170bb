import { describe, expect, it } from "vitest"
import { forwardRequestCookies } from "./request-cookies.js"

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
