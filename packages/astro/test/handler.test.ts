import Credentials from "@auth/core/providers/credentials"
import { clientAddress } from "@auth/core/server"
import { describe, expect, it } from "vitest"
import { AstroAuth } from "../src/server.js"
import { Browser, ORIGIN, PASSWORD, testConfig, USER } from "./support.js"

describe("AstroAuth", () => {
  it("serves the actions of auth.config at the integration's prefix, without defineConfig", async () => {
    // auth.config (the auth:config stub) names no basePath: the prefix is the base path.
    const browser = new Browser(AstroAuth().GET)
    const response = await browser.send("/api/auth/providers")
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: `${ORIGIN}/api/auth/signin/credentials` },
    })
  })

  it("signs in with credentials, every Set-Cookie on the response", async () => {
    const { POST } = AstroAuth()
    const browser = new Browser(POST)
    const response = await browser.signIn("/api/auth")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/`)
    expect(browser.jar.has("authjs.session-token")).toBe(true)
    const session = await browser.send("/api/auth/session")
    expect(await session.json()).toMatchObject({ user: { email: USER.email } })
  })

  it("takes a hand-written endpoint's base path from the config's prefix, then basePath", async () => {
    const byPrefix = new Browser(AstroAuth(testConfig({ prefix: "/custom" })).GET)
    expect((await byPrefix.send("/custom/csrf")).status).toBe(200)
    const byBasePath = new Browser(AstroAuth(testConfig({ prefix: "/x", basePath: "/y/auth" })).GET)
    expect((await byBasePath.send("/y/auth/csrf")).status).toBe(200)
  })

  it("never changes the config it is given", async () => {
    const config = testConfig({ prefix: "/custom" })
    const before = { ...config }
    await new Browser(AstroAuth(config).GET).send("/custom/session")
    expect(config).toEqual(before)
    expect("basePath" in config).toBe(false)
  })

  it("answers a wrong password with core's redirect to the sign-in page", async () => {
    const browser = new Browser(AstroAuth().POST)
    const response = await browser.signIn("/api/auth", `not-${PASSWORD}`)
    expect(response.headers.get("location")).toBe(
      `${ORIGIN}/api/auth/signin?error=CredentialsSignin&code=credentials`,
    )
  })

  it("answers other methods with 405 through ALL", async () => {
    const response = await new Browser(AstroAuth().ALL).send("/api/auth/session", {
      method: "DELETE",
    })
    expect(response.status).toBe(405)
    expect(response.headers.get("allow")).toBe("GET, POST")
  })

  it.each(["evil.example:99999", "1.2.3.256", "evil.example/path"])(
    "answers a Host no URL can have (%s) with 400",
    async (host) => {
      const response = await new Browser(AstroAuth().GET).send("/api/auth/providers", {
        headers: { host },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toBe("Bad request.")
    },
  )

  it("answers a body over core's limit with 413", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024))
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ < 16) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await new Browser(AstroAuth().POST).send("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit)
    expect(response.status).toBe(413)
  })
})

describe("a missing config", () => {
  it("is named, with what auth.config must export", async () => {
    // What `auth:config` gives when auth.config has no default export.
    const { GET } = AstroAuth(null as unknown as Parameters<typeof AstroAuth>[0])
    await expect(GET({ request: new Request(`${ORIGIN}/api/auth/csrf`) })).rejects.toThrow(
      /auth\.config must `export default defineConfig/,
    )
  })
})

describe("the client address core sees", () => {
  it("is Astro's clientAddress, not a client's own X-Forwarded-For", async () => {
    const seen: Array<string | undefined> = []
    const config = testConfig({
      providers: [
        Credentials({
          credentials: { username: {} },
          authorize: (_, request) => {
            seen.push(clientAddress(request))
            return null
          },
        }),
      ],
    })
    const { GET, POST } = AstroAuth(config)
    const browser = new Browser(GET)
    const { csrfToken } = (await (await browser.send("/api/auth/csrf")).json()) as {
      csrfToken: string
    }
    const post = (clientAddressOf: () => string) =>
      POST({
        request: new Request(`${ORIGIN}/api/auth/callback/credentials`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            cookie: browser.jar.header() ?? "",
            "x-forwarded-for": "198.51.100.7",
          },
          body: new URLSearchParams({ csrfToken, username: "ada" }),
        }),
        get clientAddress() {
          return clientAddressOf()
        },
      })
    await post(() => "203.0.113.5")
    // Where the adapter has none (prerendering), Astro throws: the forwarded header then counts.
    await post(() => {
      throw new Error("clientAddress is not available")
    })
    expect(seen).toEqual(["203.0.113.5", "198.51.100.7"])
  })
})
