import { describe, expect, it } from "vitest"
import { skipCSRFCheck } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET, setCookies } from "./support/client.js"

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger().logger,
    providers: [Credentials({ authorize: () => DEMO_USER })],
    ...overrides,
  }
}

describe("CSRF double submit", () => {
  it("GET /csrf returns a 64-hex token, a CSRF cookie and no-store headers", async () => {
    const client = new AuthClient(config())
    const response = await client.get("/csrf")
    expect(response.status).toBe(200)
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store")
    expect(response.headers.get("pragma")).toBe("no-cache")
    expect(response.headers.get("expires")).toBe("0")
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
    // Only the CSRF cookie: Auth.js also sets its callback-URL cookie here (docs/compatibility.md).
    const [cookie, ...others] = setCookies(response)
    expect(others).toEqual([])
    expect(cookie?.name).toBe("authjs.csrf-token")
    expect(cookie?.value.startsWith(`${csrfToken}|`)).toBe(true)
    expect(cookie?.attributes).toMatchObject({ path: "/", httponly: true, samesite: "Lax" })
  })

  it("reuses the token of a valid cookie without setting a new one", async () => {
    const client = new AuthClient(config())
    const first = await client.csrfToken()
    const response = await client.get("/csrf")
    expect(((await response.json()) as { csrfToken: string }).csrfToken).toBe(first)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("uses the __Host- prefix and Secure on https", async () => {
    const client = new AuthClient(config(), "https://app.example.com")
    const response = await client.get("/csrf")
    const [cookie] = setCookies(response)
    expect(cookie?.name).toBe("__Host-authjs.csrf-token")
    expect(cookie?.attributes.secure).toBe(true)
  })

  it("refuses sign-in, sign-out and credentials callbacks without a matching token", async () => {
    const client = new AuthClient(config())
    await client.csrfToken()
    for (const path of ["/signin/credentials", "/signout", "/callback/credentials"]) {
      for (const fields of [{}, { csrfToken: "0".repeat(64) }] as Array<Record<string, string>>) {
        const response = await client.postForm(path, fields)
        expect(response.status).toBe(302)
        expect(response.headers.get("location")).toBe(
          "http://localhost:3000/auth/signin?error=MissingCSRF",
        )
      }
    }
  })

  it("ignores a token sent in the query string", async () => {
    const client = new AuthClient(config())
    const csrfToken = await client.csrfToken()
    const response = await client.postForm(`/callback/credentials?csrfToken=${csrfToken}`, {})
    expect(response.headers.get("location")).toContain("error=MissingCSRF")
  })

  it("answers POST /session without a valid token with 400 null", async () => {
    const client = new AuthClient(config())
    const response = await client.postJson("/session", { data: { name: "x" } })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe("null")
  })

  it("refuses a forged cookie whose MAC does not verify, and issues a fresh one", async () => {
    const client = new AuthClient(config())
    const token = "a".repeat(64)
    client.jar.set("authjs.csrf-token", `${token}|${"b".repeat(64)}`)
    const response = await client.postForm("/signout", { csrfToken: token })
    expect(response.headers.get("location")).toContain("error=MissingCSRF")
  })

  it("keeps CSRF cookies valid when a new secret is prepended to the list", async () => {
    const oldSecret = SECRET
    const client = new AuthClient(config({ secret: oldSecret }))
    const csrfToken = await client.csrfToken()
    const rotated = new AuthClient(config({ secret: [`new-${SECRET}`, oldSecret] }))
    for (const [name, value] of client.jar) rotated.jar.set(name, value)
    const response = await rotated.postForm("/callback/credentials", { csrfToken })
    expect(response.headers.get("location")).toBe("http://localhost:3000")
  })

  it("with skipCSRFCheck: POSTs pass without a token and GET /csrf is 404 with the cookie deleted", async () => {
    const recorder = recordingLogger()
    const client = new AuthClient(config({ skipCSRFCheck, logger: recorder.logger }))
    const csrf = await client.get("/csrf")
    expect(csrf.status).toBe(404)
    expect(await csrf.text()).toBe("")
    expect(setCookies(csrf)).toEqual([
      expect.objectContaining({
        name: "authjs.csrf-token",
        value: "",
        attributes: expect.objectContaining({ "max-age": "0" }),
      }),
    ])
    expect(recorder.warnings).toContain("csrf-disabled")
    const response = await client.postForm("/callback/credentials", {})
    expect(response.headers.get("location")).toBe("http://localhost:3000")
  })
})
