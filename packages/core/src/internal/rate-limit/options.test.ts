import { describe, expect, it } from "vitest"
import { clientAddressOf, compileTrustedProxies } from "../http/client-address.js"
import { EMAIL_PER_ADDRESS_DEFAULT, EMAIL_PER_CLIENT_DEFAULT, resolveRateLimit } from "./options.js"

/** The client-address rule of a config without `trustedProxies`. */
const noProxies = compileTrustedProxies(undefined).matcher
const clientAddress = (request: Request) => clientAddressOf(request, noProxies)

describe("resolveRateLimit", () => {
  it("applies the defaults: 5 per address and 20 per client in 15 minutes", () => {
    const { rateLimit, error } = resolveRateLimit(undefined, clientAddress)
    expect(error).toBeUndefined()
    expect(rateLimit.email).toEqual({
      perAddress: EMAIL_PER_ADDRESS_DEFAULT,
      perClient: EMAIL_PER_CLIENT_DEFAULT,
    })
    expect(EMAIL_PER_ADDRESS_DEFAULT).toEqual({ limit: 5, windowSeconds: 900 })
    expect(EMAIL_PER_CLIENT_DEFAULT).toEqual({ limit: 20, windowSeconds: 900 })
    expect(
      rateLimit.clientKey(
        new Request("http://app.test/", { headers: { "x-real-ip": "192.0.2.1" } }),
      ),
    ).toBe("192.0.2.1")
  })

  it("turns limits off with false, one by one or all at once", () => {
    expect(resolveRateLimit(false, clientAddress).rateLimit.email).toEqual({
      perAddress: undefined,
      perClient: undefined,
    })
    expect(
      resolveRateLimit({ email: false }, clientAddress).rateLimit.email.perAddress,
    ).toBeUndefined()
    const { email } = resolveRateLimit({ email: { perClient: false } }, clientAddress).rateLimit
    expect(email).toEqual({ perAddress: EMAIL_PER_ADDRESS_DEFAULT, perClient: undefined })
  })

  it.each([
    { limit: 0, windowSeconds: 60 },
    { limit: 1.5, windowSeconds: 60 },
    { limit: 3, windowSeconds: 0 },
    { limit: 3, windowSeconds: Number.POSITIVE_INFINITY },
  ])("reports %o as a config mistake", (rule) => {
    expect(
      resolveRateLimit({ email: { perAddress: rule } }, clientAddress).error?.message,
    ).toContain("rateLimit.email.perAddress")
  })
})
