/**
 * Database sessions with the session cache cookie (`session.cookieCache`) read by
 * `authMiddleware({ protect })` and the page's `auth()`: the first protected page reads the
 * database and sets the cache cookie on the event's response; while it is fresh, later pages see
 * the signed-in user without a call to the adapter; a tampered or missing one is read from the
 * database again and re-issued; after sign-out, copies of the old cookies are refused.
 */
import {
  SESSION_CACHE_COOKIE as CACHE,
  cachedSessionsConfig,
  SESSION_CACHE_MAX_AGE_SECONDS as MAX_AGE_SECONDS,
  parseSetCookie,
} from "@auth/integration-test"
import { CONTRACT_SECRET } from "@auth/integration-test/fixtures"
import { describe, expect, it } from "vitest"
import { SolidAuth, type SolidAuthConfig } from "../src/index.js"
import { COOKIES, CookieJar, createEvent, storeCookies } from "./support.js"

const PASSWORD = "lovelace"

type Routes = ReturnType<typeof SolidAuth>

function form(fields: Record<string, string>): RequestInit {
  const headers = { "content-type": "application/x-www-form-urlencoded" }
  return { method: "POST", headers, body: new URLSearchParams(fields) }
}

async function csrfTokenOf(routes: Routes, jar: CookieJar): Promise<string> {
  const csrf = await routes.GET(createEvent("/api/auth/csrf", {}, { jar }))
  storeCookies(jar, csrf)
  return ((await csrf.json()) as { csrfToken: string }).csrfToken
}

/** The routes with database sessions and the cache on; a browser signed in through them. */
async function signedIn() {
  const { config: cached, user, reads } = await cachedSessionsConfig()
  const config: SolidAuthConfig = { secret: CONTRACT_SECRET, trustHost: true, ...cached }
  const routes = SolidAuth(config)
  const jar = new CookieJar()
  const csrfToken = await csrfTokenOf(routes, jar)
  const callback = await routes.POST(
    createEvent("/api/auth/callback/credentials", form({ csrfToken, password: PASSWORD }), { jar }),
  )
  expect(callback.status).toBe(302)
  storeCookies(jar, callback)
  return { routes, jar, user, reads }
}

/**
 * Loads `/dashboard`, a page `authMiddleware({ protect })` guards and that shows `auth()`; the
 * browser stores the cookies of the response (the middleware's answer, or the event's).
 */
async function visit(routes: Routes, jar: CookieJar, init: RequestInit = {}) {
  const event = createEvent("/dashboard", init, { jar })
  const refused = await routes.authMiddleware({ protect: ["/dashboard"] })(event)
  const response = refused ?? Response.json(await routes.auth(event), event.response)
  storeCookies(jar, response)
  const cache = response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((cookie) => cookie.name === CACHE)
  return { response, cache }
}

describe("authMiddleware and auth() with the session cache cookie", () => {
  it("fills the cache on the first page, then answers without the adapter", async () => {
    const { routes, jar, user, reads } = await signedIn()
    const first = await visit(routes, jar)
    expect(first.response.status).toBe(200)
    expect(await first.response.json()).toMatchObject({ user: { email: user.email } })
    expect(first.cache).toMatchObject({ httpOnly: true, path: "/", sameSite: "Lax" })
    const expires = first.cache?.expires?.getTime() ?? 0
    expect(Math.abs(expires - (Date.now() + MAX_AGE_SECONDS * 1000))).toBeLessThan(2_000)
    expect(reads()).toBe(1)

    for (let index = 0; index < 3; index++) {
      const page = await visit(routes, jar)
      expect(page.response.status).toBe(200)
      expect(await page.response.json()).toMatchObject({ user: { email: user.email } })
      expect(page.cache).toBeUndefined()
    }
    expect(reads()).toBe(1)
  })

  it("reads the database again for a tampered or missing cache cookie, and re-issues it", async () => {
    const { routes, jar, user, reads } = await signedIn()
    await visit(routes, jar)
    const value = jar.get(CACHE)!
    jar.set(CACHE, `${value.slice(0, -4)}AAAA`)
    const tampered = await visit(routes, jar)
    expect(await tampered.response.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(2)
    expect(tampered.cache?.value).toBeTruthy()

    const withoutCache = { headers: { cookie: `${COOKIES.session}=${jar.get(COOKIES.session)}` } }
    const missing = await visit(routes, jar, withoutCache)
    expect(await missing.response.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(3)
    expect(missing.cache?.value).toBeTruthy()

    // The re-issued cookie answers the next page.
    expect((await visit(routes, jar)).response.status).toBe(200)
    expect(reads()).toBe(3)
  })

  it("refuses copies of the session and cache cookies taken before sign-out", async () => {
    const { routes, jar } = await signedIn()
    await visit(routes, jar)
    expect(jar.has(CACHE)).toBe(true)
    const copied = jar.header()

    const csrfToken = await csrfTokenOf(routes, jar)
    const signedOut = await routes.POST(
      createEvent("/api/auth/signout", form({ csrfToken }), { jar }),
    )
    expect(signedOut.status).toBe(302)
    storeCookies(jar, signedOut)
    expect(jar.has(COOKIES.session)).toBe(false)
    expect(jar.has(CACHE)).toBe(false)

    const replayed = await visit(routes, new CookieJar(), { headers: { cookie: copied } })
    expect(replayed.response.status).toBe(303)
    const location = new URL(replayed.response.headers.get("location") ?? "")
    expect(location.pathname).toBe("/api/auth/signin")
  })
})
