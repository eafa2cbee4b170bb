import { CookieJar } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { InvalidCheck } from "../../src/errors.js"
import { encode } from "../../src/jwt.js"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import type { AuthConfig, Profile } from "../../src/types.js"
import { AuthClient, SECRET } from "../support/client.js"
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

function apps(
  proxyOptions: Partial<AuthConfig> = { redirectProxyAllowedOrigins: [PREVIEW] },
  previewOptions: Partial<AuthConfig> = {},
) {
  const options = () => ({
    redirectProxyUrl: `${PROXY}/auth`,
    providers: [idp.oidcProvider("client_secret_basic") as OIDCConfig<Profile>],
  })
  return {
    proxy: createApp({ ...options(), ...proxyOptions }, PROXY),
    preview: createApp({ ...options(), ...previewOptions }, PREVIEW),
  }
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
    expect(redirectOf(callback)).toBe(PROXY)
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

describe("redirect proxy and a poisoned Host on a preview deployment", () => {
  const ATTACKER = "https://attacker.example"

  /**
   * The attacker starts a sign-in on the preview with `Host: attacker.example` (the preview
   * trusts its Host), and sends the authorization URL to the victim, who signs in at the
   * provider; the provider sends the victim's browser, code and all, to the proxy.
   */
  async function victimAtProxy(preview: { config: AuthConfig }) {
    const attacker = new AuthClient(preview.config, ATTACKER)
    const authorizationUrl = locationOf(await startSignIn(attacker, "idp"))
    const authorization = await idp.login(new CookieJar(), authorizationUrl, "victim")
    return { attacker, authorization }
  }

  it("never forwards the victim's code to the origin the Host named", async () => {
    const { proxy, preview } = apps()
    const { authorization } = await victimAtProxy(preview)

    const response = await deliver(proxy.client, authorization)

    expectErrorRedirect(response, "error", "Configuration", PROXY)
    expect(response.headers.get("location")).not.toContain(authorization.params.get("code"))
    expect(proxy.log.errors[0]).toBeInstanceOf(InvalidCheck)
    expect(proxy.log.errors[0]?.message).toContain(ATTACKER)
  })

  it("is the attack the allow-list stops: trusting the attacker's origin hands over the account", async () => {
    const { proxy, preview } = apps({ redirectProxyAllowedOrigins: [PREVIEW, ATTACKER] })
    const { attacker, authorization } = await victimAtProxy(preview)

    const forwarded = locationOf(await deliver(proxy.client, authorization))
    expect(forwarded.origin).toBe(ATTACKER)
    expect(forwarded.searchParams.get("code")).toBe(authorization.params.get("code"))
    // The attacker replays the victim's code with their own check cookies.
    await attacker.get(forwarded.href)

    expect((await sessionUser(attacker))?.email).toBe("victim@example.test")
  })

  it("names the preview's own URL in the state when it has one (AUTH_URL), whatever the Host", async () => {
    const { proxy, preview } = apps(undefined, { url: `${PREVIEW}/auth` })
    const { attacker, authorization } = await victimAtProxy(preview)

    const forwarded = locationOf(await deliver(proxy.client, authorization))
    expect(`${forwarded.origin}${forwarded.pathname}`).toBe(callbackUrl("idp", PREVIEW))
    // The victim's browser has none of the attacker's check cookies: nobody is signed in.
    const victimAtPreview = new AuthClient(preview.config, PREVIEW)
    expectErrorRedirect(
      await victimAtPreview.get(forwarded.href),
      "error",
      "Configuration",
      PREVIEW,
    )
    expect(await victimAtPreview.session()).toBeNull()
    expect(await attacker.session()).toBeNull()
  })
})
