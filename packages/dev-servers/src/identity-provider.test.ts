import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CookieJar } from "./cookie-jar.js"
import { type Idp, startIdentityProvider } from "./identity-provider.js"

const REDIRECT_URI = "http://127.0.0.1:9/callback"

describe("startIdentityProvider", () => {
  let idp: Idp

  beforeAll(async () => {
    idp = await startIdentityProvider({ redirectUris: [REDIRECT_URI], name: "Test ID" })
  })

  afterAll(async () => {
    await idp?.close()
  })

  function authorizationUrl(): URL {
    const url = new URL("/auth", idp.issuer)
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: idp.clients.client_secret_basic.clientId,
      redirect_uri: REDIRECT_URI,
      scope: "openid email",
      state: "s",
    }).toString()
    return url
  }

  it("shows its login form, under its name, to a browser", async () => {
    const jar = new CookieJar()
    const start = await fetch(authorizationUrl(), { redirect: "manual" })
    jar.store(start)
    const location = start.headers.get("location") ?? ""
    expect(location).toMatch(/^\/interaction\//)

    const form = await fetch(new URL(location, idp.issuer), { headers: { cookie: jar.header() } })

    expect(form.status).toBe(200)
    expect(form.headers.get("content-security-policy")).not.toContain("form-action")
    const html = await form.text()
    expect(html).toContain("<title>Sign in · Test ID</title>")
    expect(html).toContain("<strong>http://127.0.0.1:9</strong>")
  })

  it("signs any username in and sends the code back to the client", async () => {
    const response = await idp.login(new CookieJar(), authorizationUrl(), "grace")

    expect(response.url.origin + response.url.pathname).toBe(REDIRECT_URI)
    expect(response.params.get("code")).toBeTruthy()
    expect(response.params.get("state")).toBe("s")
    expect(idp.claimsFor("grace")).toMatchObject({ email: "grace@example.test", name: "Grace" })
  })
})
