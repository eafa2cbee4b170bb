import { describe, expect, it } from "vitest"
import type { ContractContext } from "../context.js"
import { parseSetCookie } from "../cookie-jar.js"
import { COOKIES } from "../fixtures.js"

/** CSRF, providers, the built-in pages, error page statuses and unknown actions. */
export function describeActions(context: ContractContext): void {
  describe("actions", () => {
    it("GET /csrf returns a token and sets its cookie", async () => {
      const client = context.client()
      const response = await client.action("/csrf")
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/^application\/json/)
      const { csrfToken } = (await response.json()) as { csrfToken: unknown }
      expect(typeof csrfToken).toBe("string")
      expect(csrfToken).not.toBe("")
      const cookie = response.headers
        .getSetCookie()
        .map(parseSetCookie)
        .find((c) => c.name === COOKIES.csrf)
      expect(cookie?.httpOnly).toBe(true)
      expect(cookie?.path).toBe("/")
      // The same cookie gives the same token back.
      expect(await client.csrfToken()).toBe(csrfToken)
    })

    it("GET /providers lists the providers with URLs under the mount path", async () => {
      const { baseUrl, basePath, account } = context
      const response = await context.client().action("/providers")
      expect(response.status).toBe(200)
      const providers = (await response.json()) as Record<string, Record<string, string>>
      expect(Object.keys(providers)).toEqual(account.providers)
      expect(providers.credentials).toEqual({
        id: "credentials",
        name: account.providerName,
        type: "credentials",
        signinUrl: `${baseUrl}${basePath}/signin/credentials`,
        callbackUrl: `${baseUrl}${basePath}/callback/credentials`,
      })
      for (const [id, provider] of Object.entries(providers)) {
        expect(provider).toMatchObject({
          signinUrl: `${baseUrl}${basePath}/signin/${id}`,
          callbackUrl: `${baseUrl}${basePath}/callback/${id}`,
        })
      }
    })

    it("GET /signin renders the sign-in page posting under the mount path", async () => {
      const response = await context.client().action("/signin")
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/^text\/html/)
      const html = await response.text()
      expect(html).toContain(`${context.basePath}/callback/credentials`)
    })

    it("GET /signout renders the sign-out page", async () => {
      const response = await context.client().action("/signout")
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/^text\/html/)
      expect(await response.text()).toContain(`${context.basePath}/signout`)
    })

    it.each([
      ["Configuration", 500],
      ["AccessDenied", 403],
      ["Verification", 403],
      ["Default", 200],
      ["SomethingElse", 200],
    ])("GET /error?error=%s answers %i", async (error, status) => {
      const response = await context.client().action(`/error?error=${error}`)
      expect(response.status).toBe(status)
      expect(response.headers.get("content-type")).toMatch(/^text\/html/)
    })

    it("GET /error without a type answers 200", async () => {
      expect((await context.client().action("/error")).status).toBe(200)
    })

    it.each([
      ["GET", "/unknown"],
      ["GET", "/session/extra"],
      ["GET", "/signin/a/b"],
    ])("%s <basePath>%s is not an action: 400", async (method, action) => {
      const response = await context.client().action(action, { method })
      expect(response.status).toBe(400)
      expect(await response.json()).toBe("Bad request.")
    })

    it.each(["DELETE", "PUT"])("%s <basePath>/session: 405 with Allow", async (method) => {
      const response = await context.client().action("/session", { method })
      expect(response.status).toBe(405)
      expect(response.headers.get("allow")).toBe("GET, POST")
      expect(await response.json()).toBe("Method not allowed.")
    })
  })
}
