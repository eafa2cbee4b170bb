import type { APIContext } from "astro"
import { describe, expect, it, vi } from "vitest"
import { AstroAuth, authMiddleware, getSession, protect } from "../src/server.js"
import { Browser, ORIGIN, testConfig, USER } from "./support.js"

/** The part of Astro's `APIContext` the middleware and `protect` use, for a request. */
function contextFor(request: Request, isPrerendered = false) {
  const locals: Record<string, unknown> = {}
  const context = {
    request,
    url: new URL(request.url),
    locals,
    isPrerendered,
    redirect: (location: string, status = 302) =>
      new Response(null, { status, headers: { location } }),
  }
  return context as unknown as APIContext & { locals: Record<string, unknown> }
}

async function signedInBrowser(): Promise<Browser> {
  const browser = new Browser(AstroAuth().POST)
  await browser.signIn("/api/auth")
  return browser
}

/** A browser that signed in two days ago: its session token is older than `updateAge`. */
async function signedInDaysAgo(): Promise<Browser> {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 2 * 86_400_000 })
  try {
    return await signedInBrowser()
  } finally {
    vi.useRealTimers()
  }
}

const page = () => new Response("<h1>page</h1>", { headers: { "content-type": "text/html" } })

describe("authMiddleware", () => {
  it("puts the session on locals and re-issues a cookie a day old on the response", async () => {
    const browser = await signedInDaysAgo()
    const context = contextFor(browser.request("/"))
    const response = (await authMiddleware()(context, async () => page())) as Response
    expect(context.locals.session).toMatchObject({ user: { email: USER.email } })
    const cookies = response.headers.getSetCookie()
    expect(cookies.some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(true)
  })

  it("sets no cookie while the session cookie is younger than updateAge", async () => {
    const browser = await signedInBrowser()
    const context = contextFor(browser.request("/"))
    const response = (await authMiddleware()(context, async () => page())) as Response
    expect(context.locals.session).toMatchObject({ user: { email: USER.email } })
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("shares its read with getSession in the page", async () => {
    const browser = await signedInBrowser()
    const context = contextFor(browser.request("/"))
    await authMiddleware()(context, async () => {
      expect(await getSession(context.request)).toBe(context.locals.session)
      return page()
    })
  })

  it("puts null on locals when signed out, and sets no cookie", async () => {
    const context = contextFor(new Request(`${ORIGIN}/`))
    const response = (await authMiddleware()(context, async () => page())) as Response
    expect(context.locals.session).toBeNull()
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("leaves a cookie the page sets itself alone", async () => {
    const browser = await signedInDaysAgo()
    const context = contextFor(browser.request("/"))
    const signOut = "authjs.session-token=; Path=/; Max-Age=0"
    const response = (await authMiddleware()(context, async () => {
      const answer = page()
      answer.headers.append("set-cookie", signOut)
      return answer
    })) as Response
    expect(response.headers.getSetCookie()).toEqual([signOut])
  })

  it("adds the cookies to a response whose headers are immutable", async () => {
    const browser = await signedInDaysAgo()
    const context = contextFor(browser.request("/old"))
    const response = (await authMiddleware()(context, async () =>
      Response.redirect(`${ORIGIN}/new`, 301),
    )) as Response
    expect(response.status).toBe(301)
    expect(response.headers.get("location")).toBe(`${ORIGIN}/new`)
    expect(response.headers.getSetCookie()).toHaveLength(1)
  })

  it("lets the auth routes read the session themselves", async () => {
    const browser = await signedInBrowser()
    const context = contextFor(browser.request("/api/auth/session"))
    await authMiddleware()(context, async () => page())
    expect(context.locals.session).toBeUndefined()
  })

  it("puts null on locals while prerendering", async () => {
    const browser = await signedInBrowser()
    const context = contextFor(browser.request("/"), true)
    await authMiddleware()(context, async () => page())
    expect(context.locals.session).toBeNull()
  })

  it("answers a Host no URL can have with 400", async () => {
    const context = contextFor(new Request(`${ORIGIN}/`, { headers: { host: "1.2.3.256" } }))
    const response = (await authMiddleware()(context, async () => page())) as Response
    expect(response.status).toBe(400)
  })
})

describe("protect", () => {
  it("redirects a signed-out browser (303) to sign in, with a callbackUrl back", async () => {
    const context = contextFor(new Request(`${ORIGIN}/protected?tab=1&x=%2F`))
    const response = await protect(context)
    expect(response?.status).toBe(303)
    const location = new URL(response?.headers.get("location") ?? "", ORIGIN)
    expect(location.pathname).toBe("/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("/protected?tab=1&x=%2F")
  })

  it("sends to the config's own sign-in page", async () => {
    const config = testConfig({ pages: { signIn: "/login?theme=dark" } })
    const response = await protect(contextFor(new Request(`${ORIGIN}/protected`)), config)
    expect(response?.headers.get("location")).toBe("/login?theme=dark&callbackUrl=%2Fprotected")
  })

  it("answers a request for JSON with 401", async () => {
    const request = new Request(`${ORIGIN}/protected`, { headers: { accept: "application/json" } })
    const response = await protect(contextFor(request))
    expect(response?.status).toBe(401)
    expect(await response?.json()).toEqual({ error: "Unauthorized" })
  })

  it("lets a signed-in request through", async () => {
    const browser = await signedInBrowser()
    expect(await protect(contextFor(browser.request("/protected")))).toBeUndefined()
  })

  it("takes the middleware's session from locals", async () => {
    const context = contextFor(new Request(`${ORIGIN}/protected`))
    context.locals.session = { user: { email: USER.email }, expires: "2999-01-01T00:00:00.000Z" }
    expect(await protect(context)).toBeUndefined()
  })
})
