import { describe, expect, it } from "vitest"
import { InvalidCheck } from "../../errors.js"
import { encode } from "../../jwt.js"
import { isOnRedirectProxy, proxyForwardUrl, redirectTargetOf } from "./redirect-proxy.js"

const SECRET = "test-secret-that-is-at-least-32-characters-long"
const provider = { id: "idp", redirectProxyCallbackUrl: "https://proxy.test/auth/callback/idp" }
const own = "https://preview.test/auth/callback/idp"

function state(origin?: string): Promise<string> {
  return encode({ secret: SECRET, salt: "encodedState", token: { origin, random: "r" } })
}

describe("redirectTargetOf", () => {
  it("uses the proxy's callback on a deployment and names the deployment's in the state", () => {
    expect(redirectTargetOf(provider, "https://preview.test", own)).toEqual({
      redirectUri: "https://proxy.test/auth/callback/idp",
      stateOrigin: own,
    })
  })

  it("uses the own callback on the proxy, or without a proxy", () => {
    const proxyOwn = "https://proxy.test/auth/callback/idp"
    expect(redirectTargetOf(provider, "https://proxy.test", proxyOwn)).toEqual({
      redirectUri: proxyOwn,
    })
    expect(
      redirectTargetOf({ id: "idp", redirectProxyCallbackUrl: undefined }, "https://a.test", own),
    ).toEqual({
      redirectUri: own,
    })
    expect(isOnRedirectProxy(provider, "https://proxy.test")).toBe(true)
    expect(isOnRedirectProxy(provider, "https://proxy.test:8443")).toBe(false)
  })
})

describe("proxyForwardUrl", () => {
  it("forwards to the callback the state names, with every parameter", async () => {
    const params = new URLSearchParams({
      code: "c",
      state: await state(own),
      iss: "https://idp.test",
    })

    const url = await proxyForwardUrl(provider, "https://proxy.test", params, [SECRET])

    expect(url).toBe(`${own}?${params}`)
  })

  it("does not forward off the proxy, without a state, or to itself", async () => {
    const params = new URLSearchParams({ code: "c", state: await state(own) })
    expect(
      await proxyForwardUrl(provider, "https://preview.test", params, [SECRET]),
    ).toBeUndefined()
    expect(
      await proxyForwardUrl(provider, "https://proxy.test", new URLSearchParams({ code: "c" }), [
        SECRET,
      ]),
    ).toBeUndefined()
    const toSelf = new URLSearchParams({
      state: await state("https://proxy.test/auth/callback/idp"),
    })
    expect(await proxyForwardUrl(provider, "https://proxy.test", toSelf, [SECRET])).toBeUndefined()
    const noOrigin = new URLSearchParams({ state: await state() })
    expect(
      await proxyForwardUrl(provider, "https://proxy.test", noOrigin, [SECRET]),
    ).toBeUndefined()
  })

  it.each([
    "https://preview.test/anything",
    "https://preview.test/auth/callback/other",
    "javascript:alert(1)//callback/idp",
    "not a url",
  ])("refuses to forward to %s", async (target) => {
    const params = new URLSearchParams({ code: "c", state: await state(target) })

    await expect(
      proxyForwardUrl(provider, "https://proxy.test", params, [SECRET]),
    ).rejects.toBeInstanceOf(InvalidCheck)
  })
})
