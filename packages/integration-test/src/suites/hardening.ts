import { describe, expect, it } from "vitest"
import type { ContractContext } from "../context.js"

/**
 * What the integration must hand to core untouched for core's protections to hold: the
 * browser's `Origin` and `Sec-Fetch-Site` on POSTs (cross-site sign-out is refused), the body
 * with its own content type (a `text/plain` body that mentions JSON is not read as JSON, a JSON
 * body that repeats a member is refused), and the built-in pages' response headers (never
 * cached, framed by the app's own pages only).
 */
export function describeHardening(context: ContractContext): void {
  const { credentials, user } = context.account
  // The field besides the password that the sign-in sends (`username`, `email`).
  const [idField = "username", idValue = ""] =
    Object.entries(credentials).find(([name]) => name !== "password") ?? []
  describe("hardening", () => {
    it("refuses a cross-site sign-out that carries a valid CSRF token, and stays signed in", async () => {
      const client = context.client()
      await client.signIn(credentials)
      const csrfToken = await client.csrfToken()
      const response = await client.postForm(
        "/signout",
        { csrfToken },
        { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
      )
      expect(response.status === 403 || response.status === 302).toBe(true)
      if (response.status === 302) {
        const location = new URL(response.headers.get("location") ?? "", context.baseUrl)
        expect(location.searchParams.get("error")).toBe("MissingCSRF")
      }
      expect(await client.session()).toMatchObject({ user: { email: user.email } })
    })

    it("does not read a text/plain body as JSON because a parameter names JSON", async () => {
      const client = context.client()
      const csrfToken = await client.csrfToken()
      const response = await client.action("/callback/credentials", {
        method: "POST",
        headers: { "content-type": "text/plain; charset=application/json" },
        body: JSON.stringify({ ...credentials, csrfToken }),
      })
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
      expect(await client.session()).toBeNull()
    })

    it("answers a JSON body that repeats a member with 400", async () => {
      const client = context.client()
      const csrfToken = await client.csrfToken()
      const response = await client.action("/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"csrfToken":"${csrfToken}","${idField}":"x","${idField}":"${idValue}","password":"${credentials.password}"}`,
      })
      expect(response.status).toBe(400)
      expect(await client.session()).toBeNull()
    })

    it.each(["/signin", "/signout", "/error", "/verify-request"])(
      "serves GET <basePath>%s uncached, and framed by no other site",
      async (page) => {
        const response = await context.client().action(page)
        expect(response.status).toBe(200)
        expect(response.headers.get("cache-control")).toContain("no-store")
        // Core's default `frameAncestors: "self"`: the app's own sign-in modal may frame it.
        expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN")
        expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'")
      },
    )
  })
}
