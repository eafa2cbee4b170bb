import { CookieJar } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { InvalidCheck } from "../../src/errors.js"
import { encode } from "../../src/jwt.js"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import type { Profile } from "../../src/types.js"
import { SECRET } from "../support/client.js"
import { type Idp, startIdentityProvider } from "../support/idp.js"
import {
  callbackUrl,
  createApp,
  deliver,
  expectErrorRedirect,
  locationOf,
  redirectOf,
  sessionUser,
  startSignIn,
} from "./flow.js"

const PROXY = "https://proxy.test"
const PREVIEW = "https://preview-42.test"

let idp: Idp

beforeAll(async () => {
  idp = await startIdentityProvider()
  // Only the proxy is registered with the provider.
  idp.setRedirectUris([callbackUrl("idp", PROXY)])
})

afterAll(async () => {
  await idp?.close()
})

function apps() {
  const options = () => ({
    redirectProxyUrl: `${PROXY}/auth`,
    providers: [idp.oidcProvider("client_secret_basic") as OIDCConfig<Profile>],
  })
  return { proxy: createApp(options(), PROXY), preview: createApp(options(), PREVIEW) }
}

/** A state parameter as a deployment sharing the secret writes it. */
function stateNaming(origin: string): Promise<string> {
  return encode({
    secret: SECRET,
    salt: "encodedState",
    token: { origin, random: "r" },
    maxAge: 900,
  })
}

describe("redirect proxy", () => {
  it("sends a preview's sign-in through the proxy and back to the preview", async () => {
    const { proxy, preview } = apps()

    const signIn = await startSignIn(preview.client, "idp", { callbackUrl: `${PREVIEW}/home` })
    const authorizationUrl = locationOf(signIn)
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(callbackUrl("idp", PROXY))
    expect(authorizationUrl.searchParams.get("state")).toBeTruthy()
    expect(preview.client.jar.has("__Secure-authjs.state")).toBe(true)
    const authorization = await idp.login(new CookieJar(), authorizationUrl, "alice")
    expect(authorization.url.origin).toBe(PROXY)

    const forwarded = await deliver(proxy.client, authorization)
    const target = locationOf(forwarded)
    expect(`${target.origin}${target.pathname}`).toBe(callbackUrl("idp", PREVIEW))
    expect(target.searchParams.get("code")).toBe(authorization.params.get("code"))
    expect(target.searchParams.get("state")).toBe(authorization.params.get("state"))
    expect(proxy.log.errors).toEqual([])

    const callback = await preview.client.get(target.href)
    expect(preview.log.errors).toEqual([])
    expect(redirectOf(callback)).toBe(`${PREVIEW}/home`)
    expect((await sessionUser(preview.client))?.email).toBe("alice@example.test")
    expect(await proxy.client.session()).toBeNull()
  })

  it("signs in on the proxy itself without a hop", async () => {
    const { proxy } = apps()

    const authorizationUrl = locationOf(await startSignIn(proxy.client, "idp"))
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(callbackUrl("idp", PROXY))
    const callback = await deliver(
      proxy.client,
      await idp.login(new CookieJar(), authorizationUrl, "bob"),
    )

    expect(proxy.log.errors).toEqual([])
    expect(redirectOf(callback)).toBe(`${PROXY}/`)
    expect((await sessionUser(proxy.client))?.email).toBe("bob@example.test")
  })

  it("never forwards to a URL from a request parameter", async () => {
    const { proxy } = apps()

    const response = await proxy.client.get(
      `${callbackUrl("idp", PROXY)}?code=stolen&origin=https://evil.test&redirect=https://evil.test`,
    )

    expectErrorRedirect(response, "error", "Configuration", PROXY)
  })

  it("refuses a state it cannot decrypt", async () => {
    const { proxy } = apps()
    const forged = await encode({
      secret: "another-secret-that-is-at-least-32-characters",
      salt: "encodedState",
      token: { origin: callbackUrl("idp", "https://evil.test"), random: "r" },
    })

    const response = await proxy.client.get(`${callbackUrl("idp", PROXY)}?code=c&state=${forged}`)

    expectErrorRedirect(response, "error", "Configuration", PROXY)
    expect(proxy.log.errors[0]).toBeInstanceOf(InvalidCheck)
  })

  it("refuses to forward to a URL that is not a callback of the provider", async () => {
    const { proxy } = apps()
    const state = await stateNaming("https://preview-42.test/steal-the-code")

    const response = await proxy.client.get(`${callbackUrl("idp", PROXY)}?code=c&state=${state}`)

    expectErrorRedirect(response, "error", "Configuration", PROXY)
    expect(proxy.log.errors[0]?.message).toMatch(/not a \/callback\/idp URL/)
  })
})
