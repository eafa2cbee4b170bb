import type { AstroGlobal } from "astro"
import { describe, expect, it } from "vitest"
import { AstroAuth, getCsrfToken } from "../src/server.js"
import { Browser, ORIGIN, PASSWORD } from "./support.js"

function pageContext(request: Request) {
  const response = { headers: new Headers() }
  return { request, response } as unknown as Pick<AstroGlobal, "request" | "response">
}

describe("getCsrfToken", () => {
  it("gives a server-rendered form the token its cookie matches", async () => {
    const browser = new Browser(AstroAuth().POST)
    const context = pageContext(browser.request("/"))
    const csrfToken = await getCsrfToken(context)
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/)
    // The page's response carries the cookie: the browser stores it.
    browser.jar.store(new Response(null, { headers: context.response.headers }))
    const response = await browser.send("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new URLSearchParams({
        csrfToken,
        username: "ada",
        password: PASSWORD,
        callbackUrl: "/",
      }),
    })
    expect(response.headers.get("location")).toBe(`${ORIGIN}/`)
    expect(browser.jar.has("authjs.session-token")).toBe(true)
  })

  it("gives two forms of one page the same token", async () => {
    const context = pageContext(new Request(`${ORIGIN}/`))
    const [first, second] = await Promise.all([getCsrfToken(context), getCsrfToken(context)])
    expect(second).toBe(first)
    expect(context.response.headers.getSetCookie()).toHaveLength(1)
  })
})
