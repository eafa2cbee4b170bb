import { contractConfig } from "@auth/integration-test/fixtures"
import { describe, expect, it } from "vitest"
import { SolidAuth } from "../src/index.js"
import {
  COOKIES,
  CookieJar,
  createEvent,
  DEMO_CREDENTIALS,
  DEMO_USER,
  ORIGIN,
  storeCookies,
  testConfig,
} from "./support.js"

/** Signs in through the route handlers, as a browser posting the built-in form. */
async function signInThroughRoutes(routes: ReturnType<typeof SolidAuth>, prefix = "/api/auth") {
  const jar = new CookieJar()
  const csrf = await routes.GET(createEvent(`${prefix}/csrf`))
  storeCookies(jar, csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const body = new URLSearchParams({ ...DEMO_CREDENTIALS, csrfToken, callbackUrl: "/after" })
  const response = await routes.POST(
    createEvent(
      `${prefix}/callback/credentials`,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body },
      { jar },
    ),
  )
  storeCookies(jar, response)
  return { jar, response }
}

describe("SolidAuth: the catch-all API route", () => {
  it("serves the actions under /api/auth with no basePath in the config", async () => {
    const { GET } = SolidAuth(testConfig().config)
    const response = await GET(createEvent("/api/auth/providers"))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: `${ORIGIN}/api/auth/signin/credentials` },
    })
  })

  it("serves them under `prefix`, which is the base path", async () => {
    const routes = SolidAuth(testConfig({ prefix: "/auth/v1/" }).config)
    const { response } = await signInThroughRoutes(routes, "/auth/v1")
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/after`)
    const providers = await routes.GET(createEvent("/auth/v1/providers"))
    expect(await providers.json()).toMatchObject({
      credentials: { callbackUrl: `${ORIGIN}/auth/v1/callback/credentials` },
    })
  })

  it("signs in with a password and reads the session back", async () => {
    const routes = SolidAuth(testConfig().config)
    const { jar, response } = await signInThroughRoutes(routes)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/after`)
    expect(jar.has(COOKIES.session)).toBe(true)
    const session = await routes.GET(createEvent("/api/auth/session", {}, { jar }))
    expect(await session.json()).toMatchObject({ user: { email: DEMO_USER.email } })
  })

  it("answers an unknown action with core's 400, not a missing response", async () => {
    const { GET, POST } = SolidAuth(testConfig().config)
    for (const handler of [GET, POST]) {
      const method = handler === GET ? "GET" : "POST"
      const response = await handler(createEvent("/api/auth/nothing-here", { method }))
      expect(response.status).toBe(400)
      expect(await response.json()).toBe("Bad request.")
    }
  })

  it("answers PUT, PATCH and DELETE with 405 and Allow", async () => {
    const routes = SolidAuth(testConfig().config)
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const response = await routes[method](createEvent("/api/auth/session", { method }))
      expect(response.status).toBe(405)
      expect(response.headers.get("allow")).toBe("GET, POST")
    }
  })

  it("answers 400 for a Host no URL can have", async () => {
    const { GET } = SolidAuth(testConfig().config)
    for (const host of ["evil.example:99999", "1.2.3.256", "evil.example/path"]) {
      const response = await GET(createEvent("/api/auth/providers", {}, { node: { host } }))
      expect(response.status).toBe(400)
    }
  })

  it("takes the scheme from the socket, not from a client's X-Forwarded-Proto", async () => {
    const { GET } = SolidAuth(testConfig().config)
    // h3 1 builds request.url as https when the client says so; the socket was plain http.
    const event = createEvent(
      "https://app.test/api/auth/csrf",
      { headers: { "x-forwarded-proto": "https" } },
      { node: { host: "app.test" } },
    )
    const response = await GET(event)
    const names = response.headers.getSetCookie().map((cookie) => cookie.split("=")[0])
    expect(names).toContain(COOKIES.csrf)
    expect(names.some((name) => name?.startsWith("__Host-"))).toBe(false)
  })

  it("puts every URL on AUTH_URL's origin, whatever the Host", async () => {
    const { GET } = SolidAuth(testConfig({ url: "https://app.example/api/auth" }).config)
    const response = await GET(
      createEvent("/api/auth/providers", {}, { node: { host: "evil.example" } }),
    )
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: "https://app.example/api/auth/signin/credentials" },
    })
  })

  it("serves webauthn-options (which Auth.js's SolidStart handler left out)", async () => {
    const { GET } = SolidAuth(testConfig().config)
    const response = await GET(createEvent("/api/auth/webauthn-options/passkey"))
    // No WebAuthn provider here: core's answer, not a missing response.
    expect(response.status).toBeGreaterThanOrEqual(300)
    expect(response.status).toBeLessThan(500)
  })

  it("hands a 1 MB body to core, which refuses it with 413", async () => {
    const { POST } = SolidAuth(testConfig().config)
    const body = `csrfToken=x&filler=${"a".repeat(1024 * 1024)}`
    const response = await POST(
      createEvent(
        "/api/auth/callback/credentials",
        { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body },
        { node: { host: "app.test" } },
      ),
    )
    expect(response.status).toBe(413)
    expect(response.headers.get("connection")).toBeNull()
  })

  it("closes the connection when a refused body is still arriving", async () => {
    const { POST } = SolidAuth(testConfig().config)
    const response = await POST(
      createEvent(
        "/api/auth/callback/credentials",
        {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": "999999",
          },
          body: "csrfToken=x",
        },
        { node: { host: "app.test", complete: false } },
      ),
    )
    expect(response.status).toBe(413)
    // Node would otherwise keep the connection, paused on the unread rest, for the next request.
    expect(response.headers.get("connection")).toBe("close")
  })
})

describe("the client address core sees", () => {
  it("is the socket's peer on Node, not a client's own X-Forwarded-For", async () => {
    const seen: string[] = []
    const { GET, POST } = SolidAuth({ ...contractConfig([], seen) })
    const jar = new CookieJar()
    const csrf = await GET(createEvent("/api/auth/csrf", {}, { jar }))
    jar.store(csrf)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const post = (node?: { host: string; remoteAddress: string }) =>
      POST(
        createEvent(
          "/api/auth/callback/credentials",
          {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              "x-forwarded-for": "198.51.100.7",
            },
            body: new URLSearchParams({ csrfToken, ...DEMO_CREDENTIALS }),
          },
          { jar, ...(node ? { node } : {}) },
        ),
      )
    await post({ host: "app.test", remoteAddress: "203.0.113.5" })
    // Not on Node (no socket): the forwarded header counts.
    await post()
    expect(seen).toEqual(["203.0.113.5", "198.51.100.7"])
  })
})
