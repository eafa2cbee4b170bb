/**
 * Database sessions with the session cache cookie (`session.cookieCache`) through next-auth, with
 * one config (adapter included) as an app writes it. On Node.js the middleware (or `proxy.ts`),
 * `auth()` and `auth(handler)` answer from a fresh cache cookie without the adapter. On the edge
 * runtime (`NEXT_RUNTIME=edge`, where the adapter cannot run: here it throws on every call) the
 * middleware reads a stale or missing cache from the app's own GET `/api/auth/session`, served
 * by the app's route handlers over node:http on 127.0.0.1, and passes the fresh cookie on.
 */
import type { Adapter } from "@auth/core/adapters"
import { applySetCookies, parseSetCookie } from "@auth/core/cookie"
import {
  countingAdapter,
  type ServedFetch,
  serveFetch,
  throwingAdapter,
} from "@auth/integration-test"
import { type NextFetchEvent, NextRequest } from "next/server.js"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth, { type NextAuthConfig } from "../src/index.js"
import { serverRequest, startServerRequest } from "./server-request.js"
import {
  nextRequest,
  ORIGIN,
  setCookieValue,
  signInThroughHandlers,
  testConfig,
  USER,
} from "./support.js"

vi.mock("next/headers.js", async () => (await import("./server-request.js")).nextHeadersModule)

const SESSION = "authjs.session-token"
const CACHE = "authjs.session-cache"
const MAX_AGE_SECONDS = 300
const HOST = new URL(ORIGIN).host
const event = {} as NextFetchEvent

/** The app's one config: database sessions cached for 5 minutes, pages for signed-in users. */
function cachedConfig(adapter: Adapter, overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return testConfig({
    adapter,
    session: { strategy: "database", cookieCache: { maxAge: MAX_AGE_SECONDS } },
    callbacks: { authorized: ({ auth }) => Boolean(auth) },
    ...overrides,
  }).config
}

/** The `Set-Cookie` header a response sends for a cookie, or `undefined`. */
function setCookieOf(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((header) => parseSetCookie(header)?.name === name)
}

/** The browser's `Cookie` header once it stored what a response set. */
function store(cookie: string, response: Response): string {
  return applySetCookies(cookie, response.headers.getSetCookie())
}

/** Signs out through the route handlers, with the browser's cookies. */
async function signOutThroughHandlers(
  handlers: Parameters<typeof signInThroughHandlers>[0],
  cookie: string,
): Promise<Response> {
  const csrf = await handlers.GET(nextRequest("/api/auth/csrf", { headers: { cookie } }))
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  return handlers.POST(
    nextRequest("/api/auth/signout", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: applySetCookies(cookie, csrf.headers.getSetCookie()),
      },
      body: new URLSearchParams({ csrfToken }),
    }),
  )
}

describe("database sessions cached in a cookie, on Node.js", () => {
  beforeEach(() => startServerRequest({ host: HOST }))
  afterEach(() => vi.unstubAllEnvs())

  /** The app, a browser signed in with only its session cookie, and the database's reads. */
  async function signedIn() {
    vi.stubEnv("NEXT_RUNTIME", "nodejs")
    const database = countingAdapter()
    const app = NextAuth(cachedConfig(database.adapter))
    const cookie = await signInThroughHandlers(app.handlers)
    return { app, cookie, reads: database.reads }
  }

  it("the middleware reads the database once, sets the cache cookie and hands it on to the page", async () => {
    const { app, cookie, reads } = await signedIn()
    const first = await app.auth(
      nextRequest("/dashboard", { headers: { cookie: `theme=dark; ${cookie}` } }),
      event,
    )
    expect(first.headers.get("x-middleware-next")).toBe("1")
    expect(reads()).toBe(1)
    const cache = setCookieOf(first, CACHE)
    expect(cache).toMatch(/; HttpOnly/i)
    const expires = Date.parse(String(parseSetCookie(cache!)?.expires))
    expect(Math.abs(expires - (Date.now() + MAX_AGE_SECONDS * 1000))).toBeLessThan(5_000)
    // The Server Components rendered for this request read the session from the cache too.
    expect(first.headers.get("x-middleware-override-headers")?.split(",")).toContain("cookie")
    expect(first.headers.get("x-middleware-request-cookie")).toContain(
      `${CACHE}=${setCookieValue(first, CACHE)}`,
    )

    const browser = store(cookie, first)
    for (let index = 0; index < 3; index++) {
      const again = await app.auth(
        nextRequest("/dashboard", { headers: { cookie: browser } }),
        event,
      )
      expect(again.headers.get("x-middleware-next")).toBe("1")
      // Fresh: the cache cookie is not issued again.
      expect(setCookieOf(again, CACHE)).toBeUndefined()
    }
    expect(reads()).toBe(1)
  })

  it("auth() in Server Components and auth(handler) route handlers answer from the cache", async () => {
    const { app, cookie, reads } = await signedIn()
    const first = await app.auth(nextRequest("/dashboard", { headers: { cookie } }), event)
    const browser = store(cookie, first)
    expect(reads()).toBe(1)

    startServerRequest({ host: HOST, cookie: browser })
    expect(await app.auth()).toMatchObject({ user: { email: USER.email } })

    const route = app.auth((req) => Response.json({ email: req.auth?.user?.email ?? null }))
    const response = await route(nextRequest("/api/me", { headers: { cookie: browser } }), {
      params: Promise.resolve({}),
    })
    expect(await response.json()).toEqual({ email: USER.email })
    expect(reads()).toBe(1)
  })

  it("reads the database again once the cache is older than maxAge, and issues it anew", async () => {
    const t0 = Date.now()
    const { app, cookie, reads } = await signedIn()
    vi.useFakeTimers({ toFake: ["Date"], now: t0 })
    try {
      const first = await app.auth(nextRequest("/dashboard", { headers: { cookie } }), event)
      const browser = store(cookie, first)
      vi.setSystemTime(t0 + (MAX_AGE_SECONDS + 1) * 1000)
      const stale = await app.auth(
        nextRequest("/dashboard", { headers: { cookie: browser } }),
        event,
      )
      expect(stale.headers.get("x-middleware-next")).toBe("1")
      expect(reads()).toBe(2)
      const renewed = setCookieValue(stale, CACHE)
      expect(renewed).toBeTruthy()
      expect(renewed).not.toBe(setCookieValue(first, CACHE))
    } finally {
      vi.useRealTimers()
    }
  })

  it("keeps one cache for two shapes: the browser's /session and the server's auth() with the whole user", async () => {
    const { app, cookie, reads } = await signedIn()
    // auth() in the middleware fills the cache; /session then answers the browser's shape.
    const browser = store(
      cookie,
      await app.auth(nextRequest("/dashboard", { headers: { cookie } }), event),
    )
    const session = await app.handlers.GET(
      nextRequest("/api/auth/session", { headers: { cookie: browser } }),
    )
    const body = (await session.json()) as { user: Record<string, unknown>; expires: string }
    expect(Object.keys(body).sort()).toEqual(["expires", "user"])
    expect(body.user).toEqual({ name: USER.name, email: USER.email })
    // And the other way round: a cache /session filled gives auth() the stored user, id included.
    const fresh = await app.handlers.GET(nextRequest("/api/auth/session", { headers: { cookie } }))
    startServerRequest({ host: HOST, cookie: store(cookie, fresh) })
    const server = await app.auth()
    expect(server?.user).toMatchObject({ id: expect.any(String), email: USER.email })
    expect(reads()).toBe(2)
  })

  it("signOut() in a server action clears the cache cookie with the session cookie", async () => {
    const { app, cookie } = await signedIn()
    const browser = store(
      cookie,
      await app.auth(nextRequest("/dashboard", { headers: { cookie } }), event),
    )
    expect(browser).toContain(`${CACHE}=`)
    startServerRequest({ host: HOST, cookie: browser, "next-action": "7f00a1b2c3" })
    await app.signOut({ redirect: false })
    const cleared = serverRequest.set.filter((set) => set.value === "").map((set) => set.name)
    expect(cleared).toEqual(expect.arrayContaining([SESSION, CACHE]))
    // A copy of both cookies kept from before is signed out (the stored session is gone).
    const copy = await app.auth(nextRequest("/dashboard", { headers: { cookie: browser } }), event)
    expect(copy.status).toBe(303)
  })
})

describe("database sessions cached in a cookie, in middleware on the edge runtime", () => {
  const database = countingAdapter()
  let server: ServedFetch
  let origin = ""
  /** Requests the app (Node.js, with the database) served. */
  let served = 0
  let app: ReturnType<typeof NextAuth>

  beforeAll(async () => {
    // The app's route handlers, as Next.js serves them on Node.js.
    server = await serveFetch((request) => {
      served += 1
      return app.handlers.GET(new NextRequest(request))
    })
    origin = server.url
    app = NextAuth(cachedConfig(database.adapter, { url: `${origin}/api/auth` }))
  })

  afterAll(() => server.close())

  beforeEach(() => vi.stubEnv("NEXT_RUNTIME", "edge"))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllEnvs()
  })

  /** The middleware, built from the same config, where the adapter cannot run. */
  function edgeMiddleware() {
    const edge = throwingAdapter()
    const { auth } = NextAuth(cachedConfig(edge.adapter, { url: `${origin}/api/auth` }))
    return { auth, calls: edge.calls }
  }

  it("fetches a stale session from the app once, then answers from the cache", async () => {
    const middleware = edgeMiddleware()
    const cookie = await signInThroughHandlers(app.handlers)
    const [servedBefore, readsBefore] = [served, database.reads()]

    const first = await middleware.auth(nextRequest("/dashboard", { headers: { cookie } }), event)
    expect(first.headers.get("x-middleware-next")).toBe("1")
    expect(served).toBe(servedBefore + 1)
    expect(database.reads()).toBe(readsBefore + 1)
    expect(setCookieOf(first, CACHE)).toMatch(/; HttpOnly/i)
    // Handed on: the page rendered on Node.js for this request reads it, not the database.
    const forwarded = first.headers.get("x-middleware-request-cookie")
    expect(forwarded).toContain(`${CACHE}=${setCookieValue(first, CACHE)}`)
    vi.stubEnv("NEXT_RUNTIME", "nodejs")
    startServerRequest({ host: HOST, cookie: forwarded ?? "" })
    expect(await app.auth()).toMatchObject({ user: { email: USER.email } })
    vi.stubEnv("NEXT_RUNTIME", "edge")

    const browser = store(cookie, first)
    for (let index = 0; index < 3; index++) {
      const again = await middleware.auth(
        nextRequest("/dashboard", { headers: { cookie: browser } }),
        event,
      )
      expect(again.headers.get("x-middleware-next")).toBe("1")
    }
    expect(served).toBe(servedBefore + 1)
    expect(database.reads()).toBe(readsBefore + 1)
    expect(middleware.calls).toEqual([])
  })

  it("refuses a signed-out user's stale cookies, as the app says, without the adapter", async () => {
    const middleware = edgeMiddleware()
    const cookie = await signInThroughHandlers(app.handlers)
    const first = await middleware.auth(nextRequest("/dashboard", { headers: { cookie } }), event)
    const kept = store(cookie, first)
    const signedOut = await signOutThroughHandlers(app.handlers, kept)
    expect(signedOut.status).toBe(302)
    // The cache cookie kept from before sign-out is stale now.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (MAX_AGE_SECONDS + 1) * 1000 })
    const servedBefore = served

    const page = await middleware.auth(
      nextRequest("/dashboard", { headers: { cookie: kept } }),
      event,
    )
    expect(page.status).toBe(303)
    expect(new URL(page.headers.get("location") ?? "").pathname).toBe("/api/auth/signin")
    // The browser drops both cookies, as the app's `/session` told the middleware.
    expect(setCookieValue(page, SESSION)).toBe("")
    expect(setCookieValue(page, CACHE)).toBe("")
    const api = await middleware.auth(
      nextRequest("/api/data", { headers: { cookie: kept, accept: "application/json" } }),
      event,
    )
    expect(api.status).toBe(401)
    expect(served).toBe(servedBefore + 2)
    expect(middleware.calls).toEqual([])
  })

  it("lets <basePath>/session through to the app whatever `authorized` would say", async () => {
    // A common callback: send the signed-out to a login page (here, everything it runs on).
    const edge = throwingAdapter()
    const { auth } = NextAuth(
      cachedConfig(edge.adapter, {
        url: `${origin}/api/auth`,
        callbacks: {
          authorized: ({ auth: session, request }) =>
            session ? true : Response.redirect(new URL("/login", request.nextUrl), 307),
        },
      }),
    )
    const cookie = await signInThroughHandlers(app.handlers)
    const sessionRoute = await auth(
      nextRequest("/api/auth/session", { headers: { cookie } }),
      event,
    )
    expect(sessionRoute.headers.get("x-middleware-next")).toBe("1")
    // So the edge's own read of it finds the session, and the page is let through.
    const page = await auth(nextRequest("/dashboard", { headers: { cookie } }), event)
    expect(page.headers.get("x-middleware-next")).toBe("1")
    expect(edge.calls).toEqual([])
  })

  it("lets <basePath>/session through without fetching it (no loop)", async () => {
    const middleware = edgeMiddleware()
    const cookie = await signInThroughHandlers(app.handlers)
    const servedBefore = served
    const response = await middleware.auth(
      nextRequest("/api/auth/session", { headers: { cookie } }),
      event,
    )
    expect(response.headers.get("x-middleware-next")).toBe("1")
    expect(response.headers.getSetCookie()).toEqual([])
    expect(served).toBe(servedBefore)
    expect(middleware.calls).toEqual([])
  })
})
