/**
 * Config checks found once at resolution: weak secrets in production, and the opt-in `__Host-`
 * session cookie. (WebAuthn providers, left out while the rest serve: unavailable-providers.test.ts.)
 */

import { EncryptJWT } from "jose"
import { describe, expect, it } from "vitest"
import { Auth, setEnvDefaults } from "../src/index.js"
import { deriveEncryptionKey } from "../src/internal/jwt/keys.js"
import { getToken } from "../src/jwt.js"
import { credentialsApp } from "./support/apps.js"
import { AuthClient, DEMO_USER, SECRET, setCookies } from "./support/client.js"

const credentialsConfig = credentialsApp

describe("weak secrets", () => {
  const weak = "only-twenty-chars-xx"

  it("are refused in production with a MissingSecret that says what to do", async () => {
    const { config, recorder } = credentialsConfig({ secret: weak, production: true })
    const response = await Auth(new Request("http://localhost:3000/auth/session"), config)
    expect(response.status).toBe(500)
    expect(recorder.errors.at(-1)).toMatchObject({ type: "MissingSecret" })
    expect(recorder.errors.at(-1)?.message).toMatch(/shorter than 32 bytes.*npx auth secret/)
  })

  it("are refused when setEnvDefaults reads NODE_ENV=production, and only warned about otherwise", async () => {
    for (const [NODE_ENV, status] of [
      ["production", 500],
      ["development", 200],
      [undefined, 200],
    ] as const) {
      const { config, recorder } = credentialsConfig({ secret: undefined })
      setEnvDefaults({ NODE_ENV, AUTH_SECRET: weak, AUTH_TRUST_HOST: "true" }, config)
      const response = await Auth(new Request("http://localhost:3000/auth/session"), config)
      expect(response.status).toBe(status)
      if (status === 200) expect(recorder.warnings).toContain("weak-secret")
    }
  })

  it("counts bytes, and every secret of a rotation list", async () => {
    const multibyte = "é".repeat(16) // 16 characters, 32 bytes of UTF-8
    const accepted = credentialsConfig({ secret: multibyte, production: true })
    const ok = await Auth(new Request("http://localhost:3000/auth/session"), accepted.config)
    expect(ok.status).toBe(200)
    const rotated = credentialsConfig({ secret: [SECRET, weak], production: true })
    const refused = await Auth(new Request("http://localhost:3000/auth/session"), rotated.config)
    expect(refused.status).toBe(500)
    expect(rotated.recorder.errors.at(-1)?.message).toContain("Secret number 2 of the list")
  })
})

describe("hostOnlySessionCookie", () => {
  it("names the https session cookie __Host-, without Domain, with Secure and Path=/", async () => {
    const { config } = credentialsConfig({ hostOnlySessionCookie: true })
    const client = new AuthClient(config, "https://app.example")
    const response = await client.signInWithCredentials({ username: "ada" })
    const session = setCookies(response).find((cookie) => cookie.name.includes("session-token"))
    expect(session?.name).toBe("__Host-authjs.session-token")
    expect(session?.attributes).toMatchObject({ path: "/", secure: true, httponly: true })
    expect(session?.attributes.domain).toBeUndefined()
    expect(await client.session()).toMatchObject({ user: { email: DEMO_USER.email } })

    const req = new Request("https://app.example/", {
      headers: {
        cookie: `__Host-authjs.session-token=${client.jar.get("__Host-authjs.session-token")}`,
      },
    })
    const token = await getToken({ req, secret: SECRET, cookieName: "__Host-authjs.session-token" })
    expect(token).toMatchObject({ email: DEMO_USER.email })
  })

  it("ignores a __Secure- session cookie a subdomain could set", async () => {
    const { config } = credentialsConfig()
    const planter = new AuthClient(config, "https://app.example")
    await planter.signInWithCredentials({ username: "attacker" })
    const planted = planter.jar.get("__Secure-authjs.session-token")!
    const { config: hostOnly } = credentialsConfig({ hostOnlySessionCookie: true })
    const victim = new AuthClient(hostOnly, "https://app.example")
    victim.jar.set("__Secure-authjs.session-token", planted)
    expect(await victim.session()).toBeNull()
  })

  it("keeps the plain name on http", async () => {
    const { config } = credentialsConfig({ hostOnlySessionCookie: true })
    const client = new AuthClient(config)
    await client.signInWithCredentials({ username: "ada" })
    expect(client.jar.has("authjs.session-token")).toBe(true)
  })

  it("is a configuration error together with a cookie Domain", async () => {
    const { config, recorder } = credentialsConfig({
      hostOnlySessionCookie: true,
      cookies: { sessionToken: { options: { domain: "example.com" } } },
    })
    const response = await Auth(new Request("https://app.example/auth/session"), config)
    expect(response.status).toBe(500)
    expect(recorder.errors.at(-1)?.message).toMatch(/hostOnlySessionCookie.*domain is set/)
  })
})

describe("jwt.allowA256GCM", () => {
  async function gcmSessionCookie(): Promise<string> {
    const { key, kid } = await deriveEncryptionKey(SECRET, "authjs.session-token", "A256GCM")
    return new EncryptJWT({ name: "Legacy", exp: Math.floor(Date.now() / 1000) + 60 })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid })
      .encrypt(key)
  }

  it("lets A256GCM session cookies through only when set, and warns that it is set", async () => {
    const token = await gcmSessionCookie()
    const refused = credentialsApp()
    const client = new AuthClient(refused.config)
    client.jar.set("authjs.session-token", token)
    expect(await client.session()).toBeNull()
    expect(refused.recorder.errors.at(-1)?.name).toBe("JWTSessionError")

    const allowed = credentialsApp({ jwt: { allowA256GCM: true } })
    const legacy = new AuthClient(allowed.config)
    legacy.jar.set("authjs.session-token", token)
    expect(await legacy.session()).toMatchObject({ user: { name: "Legacy" } })
    expect(allowed.recorder.warnings).toContain("jwt-a256gcm-allowed")
    expect(refused.recorder.warnings).not.toContain("jwt-a256gcm-allowed")
  })
})
