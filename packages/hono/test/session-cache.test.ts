/**
 * Database sessions with the session cache cookie (`session.cookieCache`) behind `verifyAuth()`,
 * on a real server (`@hono/node-server`) with real `@auth/core`: the first protected request
 * reads the database and sets the cache cookie; while it is fresh, protected routes see the
 * signed-in user without a call to the adapter; a tampered or missing one is read from the
 * database again and re-issued; after sign-out, copies of the old cookies are refused.
 */
import {
  SESSION_CACHE_COOKIE as CACHE,
  type ContractApp,
  cachedSessionsConfig,
  HttpClient,
  SESSION_CACHE_MAX_AGE_SECONDS as MAX_AGE_SECONDS,
  parseSetCookie,
} from "@auth/integration-test"
import { Hono } from "hono"
import { afterEach, describe, expect, it } from "vitest"
import { type AuthConfig, authHandler, initAuthConfig, verifyAuth } from "../src/index.js"
import { listen } from "./app.js"

const SECRET = "hono-test-secret-0123456789-0123456789-abcdef"
const PASSWORD = "lovelace"
const SESSION = "authjs.session-token"

let running: ContractApp | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/**
 * The app of the README (routes at `/api/auth`, `/api/protected/*` behind `verifyAuth()`) with
 * database sessions and the cache on, and a browser signed in as a stored user.
 */
async function signedInApp() {
  const { config: cached, user, reads } = await cachedSessionsConfig()
  const config: AuthConfig = { secret: SECRET, trustHost: true, ...cached }
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => config),
  )
  app.use("/api/auth/*", authHandler())
  app.use("/api/protected/*", verifyAuth())
  app.get("/api/protected/me", (c) => c.json(c.get("authUser").session))
  running = await listen(app)
  const client = new HttpClient(running.baseUrl, "/api/auth", { browserOrigin: true })
  expect((await client.signIn({ password: PASSWORD })).status).toBe(302)
  return { client, user, reads }
}

function cacheCookieOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .find((cookie) => cookie.name === CACHE)
}

describe("verifyAuth() with the session cache cookie", () => {
  it("fills the cache on the first protected request, then answers without the adapter", async () => {
    const { client, user, reads } = await signedInApp()
    const first = await client.fetch("/api/protected/me")
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ user: { email: user.email } })
    const cache = cacheCookieOf(first)
    expect(cache).toMatchObject({ httpOnly: true, path: "/", sameSite: "Lax" })
    const expires = cache?.expires?.getTime() ?? 0
    expect(Math.abs(expires - (Date.now() + MAX_AGE_SECONDS * 1000))).toBeLessThan(2_000)
    expect(reads()).toBe(1)

    for (let index = 0; index < 3; index++) {
      const page = await client.fetch("/api/protected/me")
      expect(page.status).toBe(200)
      expect(await page.json()).toMatchObject({ user: { email: user.email } })
      expect(cacheCookieOf(page)).toBeUndefined()
    }
    expect(reads()).toBe(1)
  })

  it("reads the database again for a tampered or missing cache cookie, and re-issues it", async () => {
    const { client, user, reads } = await signedInApp()
    await client.fetch("/api/protected/me")
    const value = client.jar.get(CACHE)!
    client.jar.set(CACHE, `${value.slice(0, -4)}AAAA`)
    const tampered = await client.fetch("/api/protected/me")
    expect(await tampered.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(2)
    expect(cacheCookieOf(tampered)?.value).toBeTruthy()

    const withoutCache = `${SESSION}=${client.jar.get(SESSION)}`
    const missing = await client.fetch("/api/protected/me", { headers: { cookie: withoutCache } })
    expect(await missing.json()).toMatchObject({ user: { email: user.email } })
    expect(reads()).toBe(3)
    expect(cacheCookieOf(missing)?.value).toBeTruthy()

    // The re-issued cookie answers the next request.
    expect((await client.fetch("/api/protected/me")).status).toBe(200)
    expect(reads()).toBe(3)
  })

  it("refuses copies of the session and cache cookies taken before sign-out", async () => {
    const { client } = await signedInApp()
    await client.fetch("/api/protected/me")
    expect(client.jar.has(CACHE)).toBe(true)
    const copied = client.jar.header()

    const signedOut = await client.postForm("/signout", { csrfToken: await client.csrfToken() })
    expect(signedOut.status).toBe(302)
    expect(client.jar.has(SESSION)).toBe(false)
    expect(client.jar.has(CACHE)).toBe(false)

    const replayed = await client.fetch("/api/protected/me", {
      headers: { cookie: copied, accept: "application/json" },
    })
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toEqual({ error: "Unauthorized" })
  })
})
