/**
 * Database sessions with the session cache cookie (`session.cookieCache`) read by
 * `authMiddleware` for a page that `protect`s itself: the first page reads the database and the
 * middleware sets the cache cookie; while it is fresh, later pages see the signed-in user without
 * a call to the adapter; a tampered or missing one is read from the database again and
 * re-issued; after sign-out, copies of the old cookies are refused.
 */
import {
  SESSION_CACHE_COOKIE as CACHE,
  cachedSessionsConfig,
  SESSION_CACHE_MAX_AGE_SECONDS as MAX_AGE_SECONDS,
  parseSetCookie,
} from "@auth/integration-test"
import type { APIContext } from "astro"
import { describe, expect, it } from "vitest"
import { AstroAuth, authMiddleware, type FullAuthConfig, protect } from "../src/server.js"
import { Browser, ORIGIN, SECRET } from "./support.js"

const SESSION = "authjs.session-token"

/** The part of Astro's `APIContext` the middleware and `protect` use, for a request. */
function contextFor(request: Request) {
  const context = {
    request,
    url: new URL(request.url),
    locals: {},
    isPrerendered: false,
    redirect: (location: string, status = 302) =>
      new Response(null, { status, headers: { location } }),
  }
  return context as unknown as APIContext
}

/** The auth routes with database sessions and the cache on; a browser signed in through them. */
async function signedIn() {
  const { config: cached, user, reads } = await cachedSessionsConfig()
  const config: FullAuthConfig = { secret: SECRET, trustHost: true, ...cached }
  const browser = new Browser(AstroAuth(config).POST)
  expect((await browser.signIn("/api/auth")).status).toBe(302)
  return { config, browser, user, reads }
}

/**
 * Renders `/dashboard` (a page that calls `protect(Astro)`) behind `authMiddleware`; the
 * browser stores the cookies of the response.
 */
async function visit(config: FullAuthConfig, browser: Browser, headers?: Record<string, string>) {
  const context = contextFor(browser.request("/dashboard", headers))
  const response = (await authMiddleware(config)(context, async () => {
    const signIn = await protect(context, config)
    return signIn ?? Response.json(context.locals.session)
  })) as Response
  browser.jar.store(response)
  const cache = response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((cookie) => cookie.name === CACHE)
  return { response, cache }
}

describe("authMiddleware with the session cache cookie", () => {
  it("fills the cache on the first page, then answers without the adapter", async () => {
    const { config, browser, user, reads } = await signedIn()
    const first = await visit(config, browser)
    expect(first.response.status).toBe(200)
    expect(await first.response.json()).toMatchObject({ user: { email: user.email } })
    expect(first.cache).toMatchObject({ httpOnly: true, path: "/", sameSite: "Lax" })
    const expires = first.cache?.expires?.getTime() ?? 0
    expect(Math.abs(expires - (Date.now() + MAX_AGE_SECONDS * 1000))).toBeLessThan(2_000)
    expect(reads()).toBe(1)

    for (let index = 0; index < 3; index++) {
      const page = await visit(config, browser)
      expect(page.response.status).toBe(200)
      expect(await page.response.json()).toMatchObject({ user: { email: user.email } })
      expect(page.cache).toBeUndefined()
    }
    expect(reads()).toBe(1)
  })

  it("reads the database again for a tampered or missing cache cookie, and re-issues it", async () => {
    const { config, browser, user, reads } = await signedIn()
    await visit(config, browser)
    const value = browser.jar.get(CACHE)!
    browser.jar.set(CACHE, `${value.slice(0, -4)}AAAA`)
    const tampered = await visit(config, browser)
    expect(await tampered.response.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(2)
    expect(tampered.cache?.value).toBeTruthy()

    const withoutCache = { cookie: `${SESSION}=${browser.jar.get(SESSION)}` }
    const missing = await visit(config, browser, withoutCache)
    expect(await missing.response.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(3)
    expect(missing.cache?.value).toBeTruthy()

    // The re-issued cookie answers the next page.
    expect((await visit(config, browser)).response.status).toBe(200)
    expect(reads()).toBe(3)
  })

  it("refuses copies of the session and cache cookies taken before sign-out", async () => {
    const { config, browser } = await signedIn()
    await visit(config, browser)
    expect(browser.jar.has(CACHE)).toBe(true)
    const copy = new Browser(browser.handler)
    const copied = browser.jar.header()

    const csrf = await browser.send("/api/auth/csrf")
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const signedOut = await browser.send("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new URLSearchParams({ csrfToken }),
    })
    expect(signedOut.status).toBe(302)
    expect(browser.jar.has(SESSION)).toBe(false)
    expect(browser.jar.has(CACHE)).toBe(false)

    const replayed = await visit(config, copy, { cookie: copied })
    expect(replayed.response.status).toBe(303)
    expect(replayed.response.headers.get("location")).toMatch(/^\/api\/auth\/signin\?/)
  })
})
