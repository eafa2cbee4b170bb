/**
 * Database sessions with the session cache cookie (`session.cookieCache`) read by the `handle`
 * hook's `locals.auth()`: the first page that reads the session reads the database and sets the
 * cache cookie through `event.cookies`; while it is fresh, later pages see the signed-in user
 * without a call to the adapter; a tampered or missing one is read from the database again and
 * re-issued; after sign-out, copies of the old cookies are refused.
 */
import {
  SESSION_CACHE_COOKIE as CACHE,
  CookieJar,
  cachedSessionsConfig,
  SESSION_CACHE_MAX_AGE_SECONDS as MAX_AGE_SECONDS,
  parseSetCookie,
} from "@auth/integration-test"
import type { RequestEvent } from "@sveltejs/kit"
import { beforeEach, describe, expect, it } from "vitest"
import { SvelteKitAuth, type SvelteKitAuthConfig } from "../src/index.js"
import { createEvent, PASSWORD, resetKit, runHandle, SECRET, storeCookies } from "./support.js"

const SESSION = "authjs.session-token"

beforeEach(resetKit)

type Handle = ReturnType<typeof SvelteKitAuth>["handle"]

/** A page only a signed-in user may see, as a `+page.server.ts` load guards it. */
async function protectedPage(event: RequestEvent): Promise<Response> {
  const session = await event.locals.auth()
  if (!session) return new Response(null, { status: 303, headers: { location: "/auth/signin" } })
  return Response.json(session)
}

/** The hook with database sessions and the cache on; a browser signed in through it. */
async function signedIn() {
  const { config: cached, user, reads } = await cachedSessionsConfig()
  const config: SvelteKitAuthConfig = { secret: SECRET, trustHost: true, ...cached }
  const { handle } = SvelteKitAuth(config)
  const jar = new CookieJar()
  const csrfToken = await csrfTokenOf(handle, jar)
  const callback = await runHandle(
    handle,
    createEvent("/auth/callback/credentials", form({ csrfToken, password: PASSWORD }), {
      jar,
      routeId: null,
    }),
  )
  expect(callback.status).toBe(302)
  jar.store(callback)
  return { handle, jar, user, reads }
}

function form(fields: Record<string, string>): RequestInit {
  const headers = { "content-type": "application/x-www-form-urlencoded" }
  return { method: "POST", body: new URLSearchParams(fields), headers }
}

async function csrfTokenOf(handle: Handle, jar: CookieJar): Promise<string> {
  const csrf = await runHandle(handle, createEvent("/auth/csrf", {}, { jar, routeId: null }))
  jar.store(csrf)
  return ((await csrf.json()) as { csrfToken: string }).csrfToken
}

/** Renders the protected page through the hook; the cookies it set go to the jar. */
async function visit(handle: Handle, jar: CookieJar, init: RequestInit = {}) {
  const event = createEvent("/dashboard", init, { jar, routeId: "/dashboard" })
  const response = await runHandle(handle, event, protectedPage)
  storeCookies(jar, event)
  const cache = event.setCookies.map(parseSetCookie).find((cookie) => cookie.name === CACHE)
  return { response, cache }
}

describe("handle: locals.auth() with the session cache cookie", () => {
  it("fills the cache on the first page, then answers without the adapter", async () => {
    const { handle, jar, user, reads } = await signedIn()
    const first = await visit(handle, jar)
    expect(first.response.status).toBe(200)
    expect(await first.response.json()).toMatchObject({ user: { email: user.email } })
    expect(first.cache).toMatchObject({ httpOnly: true, path: "/" })
    expect(first.cache?.sameSite?.toLowerCase()).toBe("lax")
    const expires = first.cache?.expires?.getTime() ?? 0
    expect(Math.abs(expires - (Date.now() + MAX_AGE_SECONDS * 1000))).toBeLessThan(2_000)
    expect(reads()).toBe(1)

    for (let index = 0; index < 3; index++) {
      const page = await visit(handle, jar)
      expect(page.response.status).toBe(200)
      expect(await page.response.json()).toMatchObject({ user: { email: user.email } })
      expect(page.cache).toBeUndefined()
    }
    expect(reads()).toBe(1)
  })

  it("reads the database again for a tampered or missing cache cookie, and re-issues it", async () => {
    const { handle, jar, user, reads } = await signedIn()
    await visit(handle, jar)
    const value = jar.get(CACHE)!
    jar.set(CACHE, `${value.slice(0, -4)}AAAA`)
    const tampered = await visit(handle, jar)
    expect(await tampered.response.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(2)
    expect(tampered.cache?.value).toBeTruthy()

    const withoutCache = { headers: { cookie: `${SESSION}=${jar.get(SESSION)}` } }
    const missing = await visit(handle, jar, withoutCache)
    expect(await missing.response.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(3)
    expect(missing.cache?.value).toBeTruthy()

    // The re-issued cookie answers the next page.
    expect((await visit(handle, jar)).response.status).toBe(200)
    expect(reads()).toBe(3)
  })

  it("refuses copies of the session and cache cookies taken before sign-out", async () => {
    const { handle, jar } = await signedIn()
    await visit(handle, jar)
    expect(jar.has(CACHE)).toBe(true)
    const copied = jar.header()

    const csrfToken = await csrfTokenOf(handle, jar)
    const signedOut = await runHandle(
      handle,
      createEvent("/auth/signout", form({ csrfToken }), { jar, routeId: null }),
    )
    expect(signedOut.status).toBe(302)
    jar.store(signedOut)
    expect(jar.has(SESSION)).toBe(false)
    expect(jar.has(CACHE)).toBe(false)

    const replayed = await visit(handle, new CookieJar(), { headers: { cookie: copied } })
    expect(replayed.response.status).toBe(303)
  })
})
