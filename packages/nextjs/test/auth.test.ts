import { encode } from "@auth/core/jwt"
import type { NextFetchEvent } from "next/server.js"
import { NextResponse } from "next/server.js"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth, { type NextAuthConfig } from "../src/index.js"
import { startServerRequest } from "./server-request.js"
import {
  nextRequest,
  ORIGIN,
  SECRET,
  signInDaysAgo,
  signInThroughHandlers,
  testConfig,
  USER,
} from "./support.js"

vi.mock("next/headers.js", async () => (await import("./server-request.js")).nextHeadersModule)

const event = {} as NextFetchEvent

beforeEach(() => startServerRequest({ host: new URL(ORIGIN).host }))
afterEach(() => vi.unstubAllEnvs())

/** A config with an OIDC provider lacking `issuer` and `authorization`: core refuses it. */
const BROKEN: NextAuthConfig = {
  secret: SECRET,
  trustHost: true,
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
  // Two providers with one id: a configuration error for every route (an unconfigured
  // provider alone is only left out).
  providers: [
    {
      id: "broken",
      name: "Broken",
      type: "oidc",
      issuer: "https://idp.example",
      clientId: "id",
      clientSecret: "secret",
    },
    {
      id: "broken",
      name: "Broken",
      type: "oidc",
      issuer: "https://idp.example",
      clientId: "id",
      clientSecret: "secret",
    },
  ] as NextAuthConfig["providers"],
}

describe("auth() in Server Components and server actions", () => {
  it("is null without a session, the server-side session with one", async () => {
    const { auth, handlers } = NextAuth(testConfig().config)
    expect(await auth()).toBeNull()
    startServerRequest({
      host: new URL(ORIGIN).host,
      cookie: await signInThroughHandlers(handlers),
    })
    const session = await auth()
    // The whole token for server code (next-auth 5's shape), JSON-safe.
    expect(session).toMatchObject({ user: { name: USER.name, email: USER.email } })
    expect(typeof session?.expires).toBe("string")
  })

  it("reads the cookie under the https:// name behind a declared proxy", async () => {
    vi.stubEnv("AUTH_TRUST_HOST", "true")
    const { auth, handlers } = NextAuth(testConfig().config)
    const cookie = await signInThroughHandlers(handlers)
    startServerRequest({ host: "app.example.test", "x-forwarded-proto": "https", cookie })
    // An http:// cookie name is not read on https://.
    expect(await auth()).toBeNull()
  })

  it("fails closed on a config error (GHSA-8fpg-xm3f-6cx3): null, never the error body", async () => {
    // A session cookie that decodes with the secret: a working config reads it.
    const cookie = await signInThroughHandlers(NextAuth(testConfig().config).handlers)
    startServerRequest({ host: new URL(ORIGIN).host, cookie })
    expect(await NextAuth(testConfig().config).auth()).not.toBeNull()
    const errors: Error[] = []
    const { auth } = NextAuth({
      ...BROKEN,
      logger: { ...BROKEN.logger, error: (e) => void errors.push(e) },
    })
    expect(await auth()).toBeNull()
    expect(errors.length).toBeGreaterThan(0)
  })

  it("fails closed when the session callback throws", async () => {
    const { config } = testConfig({
      callbacks: {
        session: () => {
          throw new Error("database down")
        },
      },
    })
    const { auth, handlers } = NextAuth(config)
    startServerRequest({
      host: new URL(ORIGIN).host,
      cookie: await signInThroughHandlers(handlers),
    })
    expect(await auth()).toBeNull()
  })

  // Issue 24: a second session cookie (tossed in by a sibling subdomain or an http:// page)
  // made the auth routes (core: the first wins) and auth() (Next.js's cookies(): the last
  // wins) read different sessions.
  it.each([
    ["the app's own cookie first", false],
    ["the tossed cookie first", true],
  ])(
    "reads the session the auth routes read with two session cookies (%s)",
    async (_, tossedFirst) => {
      const { auth, handlers } = NextAuth(testConfig().config)
      const own = await signInThroughHandlers(handlers)
      const tossed = `authjs.session-token=${await encode({
        token: { name: "Mallory", email: "mallory@example.test", sub: "666" },
        secret: SECRET,
        salt: "authjs.session-token",
      })}`
      const cookie = tossedFirst ? `${tossed}; ${own}` : `${own}; ${tossed}`
      const route = await handlers.GET(nextRequest("/api/auth/session", { headers: { cookie } }))
      const routeSession = (await route.json()) as { user: { email: string } }
      expect(routeSession.user.email).toBe(tossedFirst ? "mallory@example.test" : USER.email)
      startServerRequest({ host: new URL(ORIGIN).host, cookie })
      expect((await auth())?.user?.email).toBe(routeSession.user.email)
    },
  )
})

describe("auth(req, res) in the pages router", () => {
  it("reads the session and appends the re-issued cookie to res", async () => {
    const { auth, handlers } = NextAuth(testConfig().config)
    const cookie = await signInThroughHandlers(handlers)
    const appended: string[] = []
    const res = {
      appendHeader: (name: string, value: string) => void appended.push(`${name}: ${value}`),
    }
    const req = { headers: { host: new URL(ORIGIN).host, cookie } }
    const session = await auth(req as never, res as never)
    expect(session).toMatchObject({ user: { email: USER.email } })
    expect(appended).toHaveLength(1)
    expect(appended[0]).toMatch(/^Set-Cookie: authjs\.session-token=/)
  })

  it("takes getServerSideProps' context too", async () => {
    const { auth } = NextAuth(testConfig().config)
    const headers = new Headers()
    const context = { req: { headers: { host: new URL(ORIGIN).host } }, res: { headers } }
    expect(await auth(context as never)).toBeNull()
  })
})

describe("auth as middleware", () => {
  const guarded = (overrides: Partial<NextAuthConfig> = {}) =>
    NextAuth(
      testConfig({
        ...overrides,
        callbacks: { authorized: ({ auth }) => Boolean(auth), ...overrides.callbacks },
      }).config,
    )

  it("lets every request through without callbacks.authorized", async () => {
    const { auth } = NextAuth(testConfig().config)
    const response = await auth(nextRequest("/dashboard"), event)
    expect(response.headers.get("x-middleware-next")).toBe("1")
  })

  it("sends a browser to the sign-in page (303) with a relative callbackUrl", async () => {
    const response = await guarded().auth(nextRequest("/dashboard?tab=1"), event)
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get("location") ?? "")
    expect(location.origin).toBe(ORIGIN)
    expect(location.pathname).toBe("/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard?tab=1")
  })

  it("sends to the sign-in page under the Next.js basePath (middleware sees whole paths)", async () => {
    vi.stubEnv("__NEXT_ROUTER_BASEPATH", "/docs")
    const { auth } = NextAuth(
      testConfig({ pages: { signIn: "/login" }, callbacks: { authorized: ({ auth }) => !!auth } })
        .config,
    )
    const response = await auth(nextRequest("/docs/dashboard"), event)
    const location = new URL(response.headers.get("location") ?? "")
    expect(location.pathname).toBe("/docs/login")
    expect(location.searchParams.get("callbackUrl")).toBe("/docs/dashboard")
    const loginPage = await auth(nextRequest("/docs/login"), event)
    expect(loginPage.headers.get("x-middleware-next")).toBe("1")
  })

  it("answers 401 JSON to a request for JSON", async () => {
    const response = await guarded().auth(
      nextRequest("/dashboard", { headers: { accept: "application/json" } }),
      event,
    )
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: "Unauthorized" })
  })

  it("never redirects the auth routes or the sign-in page (no loop)", async () => {
    const { auth } = NextAuth(
      testConfig({ pages: { signIn: "/login" }, callbacks: { authorized: () => false } }).config,
    )
    for (const path of ["/login", "/api/auth/signin", "/api/auth/callback/credentials"]) {
      const response = await auth(nextRequest(path), event)
      expect(response.headers.get("x-middleware-next")).toBe("1")
    }
    const elsewhere = await auth(nextRequest("/private"), event)
    expect(new URL(elsewhere.headers.get("location") ?? "").pathname).toBe("/login")
  })

  it("answers the Response callbacks.authorized returns, unless it redirects to the same path", async () => {
    const { auth } = NextAuth(
      testConfig({
        callbacks: {
          authorized: ({ request }) => NextResponse.redirect(new URL("/login", request.nextUrl)),
        },
      }).config,
    )
    const away = await auth(nextRequest("/private"), event)
    expect(new URL(away.headers.get("location") ?? "").pathname).toBe("/login")
    const same = await auth(nextRequest("/login"), event)
    expect(same.headers.get("x-middleware-next")).toBe("1")
  })

  it("shows callbacks.authorized Next.js's own request, or one on AUTH_URL's origin", async () => {
    const seen: string[] = []
    const config = () =>
      testConfig({
        callbacks: {
          authorized: ({ request }) => {
            seen.push(request.nextUrl.href)
            return true
          },
        },
      }).config
    // Next.js's host: a rewrite to `new URL("/x", request.url)` must stay internal.
    await NextAuth(config()).auth(nextRequest("/page?x=1"), event)
    vi.stubEnv("AUTH_URL", "https://public.example.com")
    await NextAuth(config()).auth(nextRequest("/page?x=1"), event)
    expect(seen).toEqual(["http://localhost:3000/page?x=1", "https://public.example.com/page?x=1"])
  })

  it("re-issues a session cookie a day old and hands it on to the page rendered for the request", async () => {
    const { auth, handlers } = guarded()
    const cookie = await signInDaysAgo(handlers, 2)
    const response = await auth(
      nextRequest("/dashboard", { headers: { cookie: `theme=dark; ${cookie}` } }),
      event,
    )
    expect(response.headers.get("x-middleware-next")).toBe("1")
    const refreshed = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("authjs.session-token="))
    expect(refreshed).toBeDefined()
    const value = refreshed?.slice(0, refreshed.indexOf(";"))
    // Next.js replaces the request's Cookie header with this one for the render.
    expect(response.headers.get("x-middleware-override-headers")?.split(",")).toContain("cookie")
    expect(response.headers.get("x-middleware-request-cookie")).toBe(`theme=dark; ${value}`)
    expect(response.headers.get("x-middleware-request-host")).toBe(new URL(ORIGIN).host)
  })

  it("leaves a session cookie younger than updateAge alone: no Set-Cookie, the request as sent", async () => {
    const { auth, handlers } = guarded()
    const cookie = await signInThroughHandlers(handlers)
    const response = await auth(nextRequest("/dashboard", { headers: { cookie } }), event)
    expect(response.headers.get("x-middleware-next")).toBe("1")
    expect(response.headers.getSetCookie()).toEqual([])
    expect(response.headers.has("x-middleware-override-headers")).toBe(false)
  })

  it("re-issues a fresh cookie when the jwt callback changed the token (a rotated access token)", async () => {
    const { auth, handlers } = guarded({
      callbacks: {
        jwt: ({ token }) => ({ ...token, reads: Number(token.reads ?? 0) + 1 }),
        session: ({ session, token }) => ({ ...session, reads: token.reads }),
      },
    })
    const cookie = await signInThroughHandlers(handlers)
    const first = await auth(nextRequest("/dashboard", { headers: { cookie } }), event)
    const next = first.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))
    expect(next).toBeDefined()
    // The rotated token is what the next request carries and reads.
    const nextCookie = next!.slice(0, next!.indexOf(";"))
    let reads: unknown
    const wrapped = NextAuth(
      testConfig({
        callbacks: {
          jwt: ({ token }) => token,
          session: ({ session, token }) => ({ ...session, reads: token.reads }),
        },
      }).config,
    ).auth((req) => {
      reads = (req.auth as { reads?: unknown } | null)?.reads
    })
    await wrapped(nextRequest("/dashboard", { headers: { cookie: nextCookie } }), event)
    expect(reads).toBe(2)
  })

  it("re-issues on every navigation with session.updateAge 0, as next-auth did", async () => {
    const { auth, handlers } = guarded({ session: { updateAge: 0 } })
    const cookie = await signInThroughHandlers(handlers)
    const response = await auth(nextRequest("/dashboard", { headers: { cookie } }), event)
    const refreshed = response.headers.getSetCookie()
    expect(refreshed.some((c) => c.startsWith("authjs.session-token="))).toBe(true)
  })

  it("does not re-issue the cookie on a POST (a server action signing out must win)", async () => {
    const { auth, handlers } = guarded()
    const cookie = await signInDaysAgo(handlers, 2)
    const response = await auth(
      nextRequest("/dashboard", { method: "POST", headers: { cookie } }),
      event,
    )
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("fails closed (GHSA-8fpg-xm3f-6cx3): req.auth is null and the guard refuses", async () => {
    const cookie = await signInThroughHandlers(NextAuth(testConfig().config).handlers)
    const { auth } = NextAuth({ ...BROKEN, callbacks: { authorized: ({ auth }) => Boolean(auth) } })
    const response = await auth(nextRequest("/dashboard", { headers: { cookie } }), event)
    expect(response.status).toBe(303)
    expect(response.headers.getSetCookie()).toEqual([])
    let observed: unknown = "not called"
    const wrapped = NextAuth(BROKEN).auth((req) => {
      observed = req.auth
    })
    await wrapped(nextRequest("/dashboard", { headers: { cookie } }), event)
    expect(observed).toBeNull()
  })
})

describe("auth(handler)", () => {
  it("gives the handler req.auth and answers with its response", async () => {
    const { auth, handlers } = NextAuth(testConfig().config)
    const cookie = await signInDaysAgo(handlers, 2)
    const route = auth((req) => Response.json({ email: req.auth?.user?.email ?? null }))
    const response = await route(nextRequest("/api/me", { headers: { cookie } }), {
      params: Promise.resolve({}),
    })
    expect(await response.json()).toEqual({ email: USER.email })
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(
      true,
    )
  })

  it("does not run the handler when callbacks.authorized refuses", async () => {
    const { auth } = NextAuth(testConfig({ callbacks: { authorized: () => false } }).config)
    let ran = false
    const route = auth(() => {
      ran = true
      return Response.json("secret")
    })
    const response = await route(nextRequest("/api/secret"), { params: Promise.resolve({}) })
    expect(ran).toBe(false)
    expect(response.status).toBe(303)
  })
})
