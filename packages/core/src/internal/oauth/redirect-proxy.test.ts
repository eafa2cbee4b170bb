import { describe, expect, it } from "vitest"
import { InvalidCheck } from "../../errors.js"
import { encode } from "../../jwt.js"
import { parseAllowedOrigins } from "../config/redirect-proxy-origins.js"
import { isOnRedirectProxy, proxyForwardUrl, redirectTargetOf } from "./redirect-proxy.js"

const SECRET = "test-secret-that-is-at-least-32-characters-long"
const provider = { id: "idp", redirectProxyCallbackUrl: "https://proxy.test/auth/callback/idp" }
const own = "https://preview.test/auth/callback/idp"
const TRUST = {
  secrets: [SECRET],
  redirectProxyAllowedOrigins: parseAllowedOrigins(["https://preview.test"]).patterns,
}

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

    const url = await proxyForwardUrl(provider, "https://proxy.test", params, TRUST)

    expect(url).toBe(`${own}?${params}`)
  })

  it("does not forward off the proxy, without a state, or to itself", async () => {
    const params = new URLSearchParams({ code: "c", state: await state(own) })
    expect(await proxyForwardUrl(provider, "https://preview.test", params, TRUST)).toBeUndefined()
    expect(
      await proxyForwardUrl(
        provider,
        "https://proxy.test",
        new URLSearchParams({ code: "c" }),
        TRUST,
      ),
    ).toBeUndefined()
    const toSelf = new URLSearchParams({
      state: await state("https://proxy.test/auth/callback/idp"),
    })
    expect(await proxyForwardUrl(provider, "https://proxy.test", toSelf, TRUST)).toBeUndefined()
    const noOrigin = new URLSearchParams({ state: await state() })
    expect(await proxyForwardUrl(provider, "https://proxy.test", noOrigin, TRUST)).toBeUndefined()
  })

  it.each([
    "https://preview.test/anything",
    "https://preview.test/auth/callback/other",
    "javascript:alert(1)//callback/idp",
    "not a url",
  ])("refuses to forward to %s", async (target) => {
    const params = new URLSearchParams({ code: "c", state: await state(target) })

    await expect(
      proxyForwardUrl(provider, "https://proxy.test", params, TRUST),
    ).rejects.toBeInstanceOf(InvalidCheck)
  })
})

describe("the origins the proxy forwards to", () => {
  it("refuses a callback on an origin it was not told to trust", async () => {
    const params = new URLSearchParams({
      code: "c",
      state: await state("https://attacker.example/auth/callback/idp"),
    })

    const refusal = proxyForwardUrl(provider, "https://proxy.test", params, TRUST)

    await expect(refusal).rejects.toBeInstanceOf(InvalidCheck)
    await expect(refusal).rejects.toThrow(
      /https:\/\/attacker\.example.*redirectProxyAllowedOrigins/,
    )
  })

  it("forwards nowhere without an allow-list", async () => {
    const params = new URLSearchParams({ code: "c", state: await state(own) })
    const trust = { secrets: [SECRET], redirectProxyAllowedOrigins: [] }

    await expect(proxyForwardUrl(provider, "https://proxy.test", params, trust)).rejects.toThrow(
      InvalidCheck,
    )
  })

  it.each([
    ["https://*.preview.test", "https://pr-7.preview.test", true],
    ["https://*.preview.test", "https://a.b.preview.test", false],
    ["https://*.preview.test", "https://preview.test", false],
    ["https://*.preview.test", "http://pr-7.preview.test", false],
    ["https://*.preview.test", "https://pr-7.preview.test:8443", false],
    ["https://*.preview.test", "https://pr-7.preview.testevil.example", false],
    ["https://app-*-team.vercel.app", "https://app-git-main-team.vercel.app", true],
    ["https://app-*-team.vercel.app", "https://app-x-team.vercel.app.evil.example", false],
    ["https://app-*-team.vercel.app", "https://app-x-evil.vercel.app", false],
    ["https://*.preview.test:443", "https://pr-7.preview.test", true],
    ["http://*.localhost.test:3000", "http://a.localhost.test:3000", true],
    ["https://Preview.Test/", "https://preview.test", true],
    ["https://preview.test", "https://preview.test:444", false],
  ])("%s allows %s: %s", (pattern, origin, allowed) => {
    const { patterns, error } = parseAllowedOrigins([pattern])
    expect(error).toBeUndefined()
    const matches = patterns.some((p) => (typeof p === "string" ? p === origin : p.test(origin)))
    expect(matches).toBe(allowed)
  })

  it.each([
    "*",
    "https://*",
    "https://preview.*",
    "https://*.test",
    "preview.test",
    "https://preview.test/auth",
    "https://user@preview.test",
    "https://preview.test?x",
    "javascript:alert(1)",
    "https://*.preview.test/path",
    "https://a..*.test",
  ])("refuses %j as a configuration error", (entry) => {
    const { patterns, error } = parseAllowedOrigins([entry])
    expect(patterns).toEqual([])
    expect(error?.message).toContain("redirectProxyAllowedOrigins")
  })
})
