/**
 * Database sessions with the session cache cookie (`session.cookieCache`) behind `requireAuth`,
 * on a real server with real `@auth/core`: while the cache cookie is fresh, protected routes see
 * the signed-in user without a call to the adapter; a tampered or missing one is read from the
 * database again; after sign-out, copies of the old cookies are refused. `requireAuth` sets the
 * cache cookie it reads from the database, as GET `/auth/session` (the browser client's read) does.
 */
import {
  SESSION_CACHE_COOKIE as CACHE,
  cachedSessionsConfig,
  HttpClient,
  SESSION_CACHE_MAX_AGE_SECONDS as MAX_AGE_SECONDS,
  parseSetCookie,
} from "@auth/integration-test"
import { afterEach, describe, expect, it } from "vitest"
import { ExpressAuth, type ExpressAuthConfig, requireAuth } from "../src/index.js"
import { EXPRESS_VERSIONS } from "./app.js"
import { PASSWORD, type Running, SECRET, serve } from "./support.js"

const SESSION = "authjs.session-token"

let running: Running | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** A database-session config with the cache on, whose credentials sign in a stored user. */
async function cachedConfig() {
  const { config: cached, user, reads } = await cachedSessionsConfig()
  const config: ExpressAuthConfig = { secret: SECRET, trustHost: true, ...cached }
  return { config, user, reads }
}

function cacheCookieOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((cookie) => cookie.name === CACHE)
}

describe.each(EXPRESS_VERSIONS)("%s", (_, createApp) => {
  /** The auth routes at `/auth` and `/dashboard` behind `requireAuth`; a signed-in browser. */
  async function signedInApp() {
    const { config, user, reads } = await cachedConfig()
    running = await serve(createApp, (app) => {
      app.use("/auth", ExpressAuth(config))
      app.get("/dashboard", requireAuth(config), (_req, res) => void res.json(res.locals.session))
    })
    const client = new HttpClient(running.baseUrl, "/auth")
    expect((await client.signIn({ password: PASSWORD })).status).toBe(302)
    return { client, user, reads }
  }

  it("serves protected routes from the cache cookie without the adapter while it is fresh", async () => {
    const { client, user, reads } = await signedInApp()
    // The first protected page reads the database and sets the cache cookie.
    const first = await client.fetch("/dashboard")
    expect(await first.json()).toMatchObject({ user: { email: user.email } })
    const cache = cacheCookieOf(first)
    expect(cache).toMatchObject({ httpOnly: true, path: "/", sameSite: "Lax" })
    const expires = cache?.expires?.getTime() ?? 0
    expect(Math.abs(expires - (Date.now() + MAX_AGE_SECONDS * 1000))).toBeLessThan(2_000)
    expect(reads()).toBe(1)

    for (let index = 0; index < 3; index++) {
      const page = await client.fetch("/dashboard")
      expect(page.status).toBe(200)
      expect(await page.json()).toMatchObject({ user: { email: user.email } })
    }
    expect(reads()).toBe(1)
  })

  it("reads the database again for a tampered or missing cache cookie", async () => {
    const { client, user, reads } = await signedInApp()
    await client.session()
    const value = client.jar.get(CACHE)!
    client.jar.set(CACHE, `${value.slice(0, -4)}AAAA`)
    const tampered = await client.fetch("/dashboard")
    expect(await tampered.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(2)
    const reissued = cacheCookieOf(tampered)?.value
    expect(reissued).toBeTruthy()
    expect(reissued).not.toBe(value)

    const withoutCache = `${SESSION}=${client.jar.get(SESSION)}`
    const missing = await client.fetch("/dashboard", { headers: { cookie: withoutCache } })
    expect(await missing.json()).toMatchObject({ user: { email: user.email } })
    expect(cacheCookieOf(missing)?.value).toBeTruthy()
    expect(reads()).toBe(3)

    // The re-issued cache cookie answers the route again.
    expect((await client.fetch("/dashboard")).status).toBe(200)
    expect(reads()).toBe(3)
  })

  it("refuses copies of the session and cache cookies taken before sign-out", async () => {
    const { client } = await signedInApp()
    await client.session()
    expect(client.jar.has(CACHE)).toBe(true)
    const copied = client.jar.header()

    const signedOut = await client.postForm("/signout", { csrfToken: await client.csrfToken() })
    expect(signedOut.status).toBe(302)
    expect(client.jar.has(SESSION)).toBe(false)
    expect(client.jar.has(CACHE)).toBe(false)

    const replayed = await client.fetch("/dashboard", { headers: { cookie: copied } })
    expect(replayed.status).toBe(303)
    expect(replayed.headers.get("location")).toMatch(/^\/auth\/signin\?callbackUrl=/)
  })
})
