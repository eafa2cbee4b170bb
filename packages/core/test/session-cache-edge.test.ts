/**
 * `checkSession(…, { cacheMiss: "fetch" })`: a middleware on a runtime where the adapter cannot
 * run (the edge) checks database sessions from the session cache cookie alone, and, when that
 * is stale or missing, from the app's own GET `/auth/session`, served over HTTP (node:http on
 * 127.0.0.1) by the same config with the database. The edge's adapter throws on every call.
 */
import { type ServedFetch, serveFetch } from "@auth/dev-servers"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { Adapter } from "../src/adapters.js"
import { Auth } from "../src/index.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import { checkSession } from "../src/session.js"
import type { AuthConfig } from "../src/types.js"
import { recordAdapter } from "./support/backend.js"
import { AuthClient, recordingLogger, SECRET } from "./support/client.js"

const CACHE = "authjs.session-cache"
const MAX_AGE_SECONDS = 300

/** An adapter with no database behind it: every method throws, and is counted. */
function edgeAdapter(): { adapter: Adapter; calls: string[] } {
  const calls: string[] = []
  const methods = Object.keys(MemoryAdapter()).map((method) => [
    method,
    () => {
      calls.push(method)
      throw new Error("no database on the edge")
    },
  ])
  return { adapter: Object.fromEntries(methods) as Adapter, calls }
}

describe("database sessions checked at the edge with the session cache cookie", () => {
  const user = { id: "u-edge", email: "edge@example.test", name: "Edge", emailVerified: null }
  const database = recordAdapter(MemoryAdapter())
  let app: ServedFetch
  let origin: string
  let served = 0
  /** The app's config, where the database is: one object, resolved once. */
  let appConfig: AuthConfig

  function config(adapter: Adapter): AuthConfig {
    return {
      secret: SECRET,
      trustHost: true,
      url: `${origin}/auth`,
      adapter,
      logger: recordingLogger().logger,
      session: { strategy: "database", cookieCache: { maxAge: MAX_AGE_SECONDS } },
      providers: [Credentials({ authorize: () => user })],
    }
  }

  beforeAll(async () => {
    await database.adapter.createUser!(user)
    app = await serveFetch((request) => {
      served += 1
      return Auth(request, appConfig)
    })
    origin = app.url
    appConfig = config(database.adapter)
  })

  afterAll(async () => {
    await app.close()
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  /** A browser signed in on the app (node side), with its session cookie and no cache yet. */
  async function signedInBrowser(): Promise<AuthClient> {
    const client = new AuthClient(appConfig, origin)
    const response = await client.signInWithCredentials({})
    expect(response.status).toBe(302)
    return client
  }

  function edgeRequest(client: AuthClient): Request {
    return new Request(`${origin}/dashboard`, { headers: { cookie: client.cookieHeader() } })
  }

  it("fetches a stale session from the app once, then answers from the cache without the adapter", async () => {
    const edge = edgeAdapter()
    const edgeConfig = config(edge.adapter)
    const browser = await signedInBrowser()
    const before = served
    const first = await checkSession(edgeRequest(browser), edgeConfig, { cacheMiss: "fetch" })
    expect(first.session).toMatchObject({ user: { email: user.email } })
    expect(served).toBe(before + 1)
    const cache = first.setCookie.find((cookie) => cookie.startsWith(`${CACHE}=`))
    expect(cache).toMatch(/HttpOnly/)
    // The browser stores what the middleware passed on.
    browser.store(
      new Response(null, {
        headers: first.setCookie.map((c): [string, string] => ["set-cookie", c]),
      }),
    )
    expect(browser.jar.has(CACHE)).toBe(true)

    for (let index = 0; index < 3; index++) {
      const again = await checkSession(edgeRequest(browser), edgeConfig, { cacheMiss: "fetch" })
      expect(again.session).toEqual(first.session)
    }
    expect(served).toBe(before + 1)
    expect(edge.calls).toEqual([])
  })

  it("is signed out at the edge once the app says so, and the cookies are cleared", async () => {
    const edge = edgeAdapter()
    const browser = await signedInBrowser()
    const csrfToken = await browser.csrfToken()
    const signedOutCopy = new AuthClient(appConfig, origin)
    for (const [name, value] of browser.jar) signedOutCopy.jar.set(name, value)
    await browser.postForm("/signout", { csrfToken })
    const check = await checkSession(edgeRequest(signedOutCopy), config(edge.adapter), {
      cacheMiss: "fetch",
    })
    expect(check.session).toBeNull()
    expect(check.failure).toBeUndefined()
    expect(edge.calls).toEqual([])
  })

  it("answers unavailable, not signed out, when the app cannot be reached", async () => {
    const edge = edgeAdapter()
    const browser = await signedInBrowser()
    const gone = { ...config(edge.adapter), url: "http://127.0.0.1:9/auth" }
    const check = await checkSession(edgeRequest(browser), gone, { cacheMiss: "fetch" })
    expect(check).toEqual({ session: null, setCookie: [], failure: "unavailable" })
    expect(edge.calls).toEqual([])
  })
})
