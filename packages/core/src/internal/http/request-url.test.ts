import { describe, expect, it } from "vitest"
import { resolveRequestURL } from "./request-url.js"

const target = (host: string | undefined, path = "/auth/session", protocol = "http") => ({
  protocol,
  host,
  path,
})

describe("resolveRequestURL", () => {
  it.each([
    "evil.example:99999",
    "1.2.3.256",
    "[::::]",
    "999999999999",
    "evil.example/path?x=",
    "user@evil.example",
    "evil.example\\x",
    "evil.example#x",
    "not a host",
    "évil.example",
    "evil%2Fexample",
  ])("refuses the host %j: null, for a 400", (host) => {
    expect(resolveRequestURL(target(host))).toBeNull()
    expect(resolveRequestURL(target(host), { url: "https://app.example/auth" })).toBeNull()
  })

  it.each(["", undefined])(
    "serves a request without a host (%j) only on the app's URL, as a balancer's check",
    (host) => {
      expect(resolveRequestURL(target(host, "/auth/health"))).toBeNull()
      const options = { url: "https://app.example/auth" }
      expect(resolveRequestURL(target(host, "/auth/health"), options)?.href).toBe(
        "https://app.example/auth/health",
      )
      expect(resolveRequestURL(target(host, "@evil.example/"), options)).toBeNull()
    },
  )

  it.each([
    ["app.example", "http://app.example/auth/session"],
    ["APP.example:3000", "http://app.example:3000/auth/session"],
    ["app.example:80", "http://app.example/auth/session"],
    ["127.0.0.1:8080", "http://127.0.0.1:8080/auth/session"],
    ["[::1]:3000", "http://[::1]:3000/auth/session"],
    ["xn--vel-bpa.example", "http://xn--vel-bpa.example/auth/session"],
  ])("builds the URL on the host %j", (host, expected) => {
    expect(resolveRequestURL(target(host))?.href).toBe(expected)
  })

  it("refuses a scheme other than http(s) and a path that is not absolute", () => {
    expect(resolveRequestURL(target("app.example", "/", "ftp"))).toBeNull()
    expect(resolveRequestURL(target("app.example", "@evil.example/"))).toBeNull()
    expect(resolveRequestURL(target("app.example", "/", "https:"))?.href).toBe(
      "https://app.example/",
    )
  })

  it("keeps a path that looks like another host on the request's host", () => {
    for (const path of ["//evil.example/x", "/\\evil.example/x", "/\t/evil.example"]) {
      expect(resolveRequestURL(target("app.example", path))?.origin).toBe("http://app.example")
    }
  })

  it("puts every request on the app's URL origin when one is set, whatever the Host", () => {
    const options = { url: "https://app.example/auth" }
    expect(resolveRequestURL(target("evil.example", "/auth/signin?x=1"), options)?.href).toBe(
      "https://app.example/auth/signin?x=1",
    )
    const request = new Request("http://evil.example:8080//evil.test/auth/signin?x=1")
    expect(resolveRequestURL(request, options).href).toBe(
      "https://app.example//evil.test/auth/signin?x=1",
    )
    expect(resolveRequestURL(request).href).toBe(request.url)
  })

  it("ignores an app URL that is not an absolute http(s) URL", () => {
    for (const url of ["app.example", "ftp://app.example", "", "/auth"]) {
      expect(resolveRequestURL(target("evil.example"), { url })?.origin).toBe("http://evil.example")
    }
  })
})
