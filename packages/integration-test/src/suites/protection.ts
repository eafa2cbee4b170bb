import { describe, expect, it } from "vitest"
import { locationOf } from "../client.js"
import type { ContractContext } from "../context.js"

/** `GET /protected` behind the integration's helper, and `GET /me`. */
export function describeProtection(context: ContractContext): void {
  const { credentials, user } = context.account
  describe("protected routes", () => {
    it("redirects a browser (303) to the sign-in page with a relative callbackUrl", async () => {
      const response = await context.client().fetch("/protected?tab=1&x=%2F", {
        headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      })
      expect(response.status).toBe(303)
      const location = locationOf(response, context.baseUrl)
      expect(location.origin).toBe(context.baseUrl)
      expect(location.pathname).toBe(`${context.basePath}/signin`)
      expect(location.searchParams.get("callbackUrl")).toBe("/protected?tab=1&x=%2F")
    })

    it.each([
      ["Accept: application/json", { accept: "application/json" }],
      ["JSON preferred over HTML", { accept: "application/json, text/html;q=0.5" }],
      ["X-Requested-With: XMLHttpRequest", { "x-requested-with": "XMLHttpRequest" }],
    ])("answers a request for JSON (%s) with 401", async (_, headers) => {
      const response = await context.client().fetch("/protected", { headers })
      expect(response.status).toBe(401)
      expect(response.headers.get("content-type")).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ error: "Unauthorized" })
    })

    it("lets a signed-in request through, and signing in returns to the page", async () => {
      const client = context.client()
      const redirect = await client.fetch("/protected?tab=2")
      const signInPage = locationOf(redirect, context.baseUrl)
      const page = await client.fetch(`${signInPage.pathname}${signInPage.search}`)
      expect(page.status).toBe(200)
      const callbackUrl = signInPage.searchParams.get("callbackUrl") ?? ""
      const signIn = await client.signIn({ ...credentials, callbackUrl })
      expect(signIn.headers.get("location")).toBe(`${context.baseUrl}/protected?tab=2`)
      const response = await client.fetch("/protected?tab=2", {
        headers: { accept: "application/json" },
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ user: { email: user.email } })
    })

    it("GET /me is null when signed out", async () => {
      const response = await context.client().fetch("/me")
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
    })
  })
}
