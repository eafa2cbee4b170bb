import { describe, expect, it } from "vitest"
import { attachClientAddress, clientAddressOf, compileTrustedProxies } from "./client-address.js"

const request = (headers: Record<string, string> = {}, peer?: string) =>
  attachClientAddress(new Request("http://app.test/", { headers }), peer)

const trusting = (...list: string[]) => compileTrustedProxies(list).matcher

describe("clientAddressOf", () => {
  it("is the socket's peer when it is not a trusted proxy, whatever the headers say", () => {
    const spoofed = request(
      { "x-forwarded-for": "198.51.100.7", "x-real-ip": "192.0.2.1" },
      "203.0.113.9",
    )
    expect(clientAddressOf(spoofed, trusting())).toBe("203.0.113.9")
    expect(clientAddressOf(spoofed, trusting("loopback"))).toBe("203.0.113.9")
  })

  it("behind trusted proxies, the nearest forwarded address that is not one of them", () => {
    const proxied = request({ "x-forwarded-for": "198.51.100.7, 10.0.0.5" }, "127.0.0.1")
    expect(clientAddressOf(proxied, trusting("loopback"))).toBe("10.0.0.5")
    expect(clientAddressOf(proxied, trusting("loopback", "private"))).toBe("198.51.100.7")
    // A client's own X-Forwarded-For entries are left of what the proxies appended.
    const forged = request({ "x-forwarded-for": "1.2.3.4, 198.51.100.7" }, "::1")
    expect(clientAddressOf(forged, trusting("loopback"))).toBe("198.51.100.7")
  })

  it("normalizes IPv4-mapped and bracketed peers, so `loopback` matches them", () => {
    const mapped = request({ "x-forwarded-for": "198.51.100.7" }, "::ffff:127.0.0.1")
    expect(clientAddressOf(mapped, trusting("loopback"))).toBe("198.51.100.7")
    expect(clientAddressOf(request({}, "::ffff:203.0.113.9"), trusting())).toBe("203.0.113.9")
    expect(clientAddressOf(request({}, "[2001:db8::1]"), trusting())).toBe("2001:db8::1")
  })

  it("without a peer (an edge platform), what the nearest proxy appended, else X-Real-IP", () => {
    expect(
      clientAddressOf(request({ "x-forwarded-for": "203.0.113.9, 198.51.100.7" }), trusting()),
    ).toBe("198.51.100.7")
    expect(clientAddressOf(request({ "x-real-ip": "192.0.2.1" }), trusting())).toBe("192.0.2.1")
    expect(clientAddressOf(request(), trusting())).toBeUndefined()
    expect(
      clientAddressOf(request({ "x-forwarded-for": "x".repeat(200) }), trusting()),
    ).toBeUndefined()
  })

  it("when every hop is trusted, the farthest one", () => {
    const internal = request({ "x-forwarded-for": "10.0.0.8, 10.0.0.5" }, "127.0.0.1")
    expect(clientAddressOf(internal, trusting("loopback", "private"))).toBe("10.0.0.8")
  })
})

describe("compileTrustedProxies", () => {
  it("matches addresses, CIDR ranges of both families and the named sets", () => {
    const { matcher, invalid } = compileTrustedProxies([
      "192.0.2.10",
      "10.1.0.0/16",
      "2001:db8::/32",
      "loopback",
    ])
    expect(invalid).toEqual([])
    for (const address of ["192.0.2.10", "10.1.255.3", "2001:db8:ffff::1", "127.8.0.1", "::1"]) {
      expect(matcher(address)).toBe(true)
    }
    for (const address of ["192.0.2.11", "10.2.0.1", "2001:db9::1", "::2", "not an address"]) {
      expect(matcher(address)).toBe(false)
    }
    expect(compileTrustedProxies(["private"]).matcher("fd12:3456::1")).toBe(true)
    expect(compileTrustedProxies(["private"]).matcher("172.31.0.1")).toBe(true)
    expect(compileTrustedProxies(["private"]).matcher("172.32.0.1")).toBe(false)
    expect(compileTrustedProxies(["::ffff:0:0/96"]).invalid).toEqual([])
  })

  it("reports what it cannot read", () => {
    expect(
      compileTrustedProxies(["10.0.0.0/33", "300.1.1.1", "example.com", "::1/abc"]).invalid,
    ).toEqual(["10.0.0.0/33", "300.1.1.1", "example.com", "::1/abc"])
  })
})
