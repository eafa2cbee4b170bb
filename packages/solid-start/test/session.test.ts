import { encode } from "@auth/core/jwt"
import { CONTRACT_SECRET } from "@auth/integration-test/fixtures"
import { describe, expect, it } from "vitest"
import { getSession, SolidAuth } from "../src/index.js"
import {
  COOKIES,
  createEvent,
  DEMO_USER,
  ORIGIN,
  testConfig,
  thrownResponse,
  withEvent,
} from "./support.js"

async function sessionCookie(): Promise<string> {
  const token = await encode({
    secret: CONTRACT_SECRET,
    salt: COOKIES.session,
    token: { name: DEMO_USER.name, email: DEMO_USER.email, sub: DEMO_USER.id },
  })
  return `${COOKIES.session}=${token}`
}

describe("getSession(request, config)", () => {
  it("reads the session from the request's cookies", async () => {
    const { config } = testConfig()
    const request = new Request(`${ORIGIN}/dashboard`, {
      headers: { cookie: await sessionCookie() },
    })
    expect(await getSession(request, config)).toMatchObject({
      user: { name: DEMO_USER.name, email: DEMO_USER.email },
      expires: expect.any(String),
    })
  })

  it("is null without a cookie, and for cookies that are not a session", async () => {
    const { config } = testConfig()
    expect(await getSession(new Request(`${ORIGIN}/`), config)).toBeNull()
    for (const cookie of [`${COOKIES.session}=not-a-jwt`, "__proto__=1; constructor=2"]) {
      const request = new Request(`${ORIGIN}/`, { headers: { cookie } })
      expect(await getSession(request, config)).toBeNull()
    }
  })

  it("follows `prefix`, where Auth.js's asked core for /api/auth/session whatever it was", async () => {
    const { config } = testConfig({ prefix: "/auth" })
    const request = new Request(`${ORIGIN}/`, { headers: { cookie: await sessionCookie() } })
    expect(await getSession(request, config)).toMatchObject({ user: { email: DEMO_USER.email } })
  })

  it("fails closed: a config mistake gives null (logged), never an exception", async () => {
    const { config, logged } = testConfig({ secret: undefined })
    const request = new Request(`${ORIGIN}/`, { headers: { cookie: await sessionCookie() } })
    expect(await getSession(request, config)).toBeNull()
    expect(logged.map((error) => error.name)).toContain("MissingSecret")
  })

  it("fails closed when the session callback throws", async () => {
    const { config, logged } = testConfig()
    config.callbacks = {
      ...config.callbacks,
      session: () => {
        throw new Error("the session callback broke")
      },
    }
    const request = new Request(`${ORIGIN}/`, { headers: { cookie: await sessionCookie() } })
    expect(await getSession(request, config)).toBeNull()
    expect(logged.length).toBeGreaterThan(0)
  })

  it("never changes the config object", async () => {
    const { config } = testConfig({ prefix: "/auth" })
    const before = { ...config }
    await getSession(new Request(`${ORIGIN}/`), config)
    SolidAuth(config)
    expect(config).toEqual(before)
    expect(config.basePath).toBeUndefined()
  })
})

describe("auth()", () => {
  it("reads the session of the request being handled, once", async () => {
    const { config } = testConfig()
    const { auth } = SolidAuth(config)
    const event = createEvent("/", { headers: { cookie: await sessionCookie() } })
    const [first, second] = await withEvent(event, () => Promise.all([auth(), auth()]))
    expect(first).toMatchObject({ user: { email: DEMO_USER.email } })
    expect(second).toBe(first)
    // The sliding expiry: the session cookie is re-issued on the page's response.
    const reissued = event.response.headers.getSetCookie()
    expect(reissued.filter((c) => c.startsWith(`${COOKIES.session}=`))).toHaveLength(1)
  })

  it("takes the event explicitly too", async () => {
    const { auth } = SolidAuth(testConfig().config)
    const event = createEvent("/", { headers: { cookie: await sessionCookie() } })
    expect(await auth(event)).toMatchObject({ user: { email: DEMO_USER.email } })
  })

  it("is null for a Host no URL can have", async () => {
    const { auth } = SolidAuth(testConfig().config)
    const event = createEvent(
      "/",
      { headers: { cookie: await sessionCookie() } },
      { node: { host: "evil.example:99999" } },
    )
    expect(await auth(event)).toBeNull()
  })

  it("says where it is missing outside a request", async () => {
    const { auth } = SolidAuth(testConfig().config)
    await expect(auth()).rejects.toThrow(/no request being handled/)
  })
})

describe("a re-issued or deleted session cookie on the app's response", () => {
  it("makes the response private and no-store", async () => {
    const { auth } = SolidAuth(testConfig().config)
    for (const cookie of [await sessionCookie(), `${COOKIES.session}=not-a-jwt`]) {
      const event = createEvent("/", { headers: { cookie } })
      event.response.headers.set("Cache-Control", "public, max-age=600")
      await auth(event)
      expect(event.response.headers.getSetCookie()[0]).toMatch(`${COOKIES.session}=`)
      expect(event.response.headers.get("cache-control")).toBe("private, no-store")
    }
  })

  it("keeps a private Cache-Control the page set, varied on Cookie", async () => {
    const { auth } = SolidAuth(testConfig().config)
    const event = createEvent("/", { headers: { cookie: await sessionCookie() } })
    event.response.headers.set("Cache-Control", "private, max-age=60")
    await auth(event)
    expect(event.response.headers.get("cache-control")).toBe("private, max-age=60")
    expect(event.response.headers.get("vary")).toBe("Cookie")
  })

  it("leaves a response that gets no cookie as the page made it", async () => {
    const { auth } = SolidAuth(testConfig().config)
    const event = createEvent("/")
    event.response.headers.set("Cache-Control", "public, max-age=600")
    await auth(event)
    expect(event.response.headers.get("cache-control")).toBe("public, max-age=600")
  })
})

describe("requireSession()", () => {
  it("returns the session of a signed-in request", async () => {
    const { requireSession } = SolidAuth(testConfig().config)
    const event = createEvent("/account", { headers: { cookie: await sessionCookie() } })
    const session = await withEvent(event, () => requireSession())
    expect(session.user?.email).toBe(DEMO_USER.email)
  })

  it("throws a 303 to the sign-in page with the page as callbackUrl", async () => {
    const { requireSession } = SolidAuth(testConfig().config)
    const event = createEvent("/account?tab=2&x=%2F")
    const response = await thrownResponse(() => withEvent(event, () => requireSession()))
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get("location") ?? "")
    expect(location.origin).toBe(ORIGIN)
    expect(location.pathname).toBe("/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("/account?tab=2&x=%2F")
  })

  it("sends a server function call back to the page it names, or its Referer", async () => {
    const { requireSession } = SolidAuth(testConfig({ pages: { signIn: "/login" } }).config)
    const call = createEvent("/_server", {
      headers: { "x-server-id": "abc#fn", referer: `${ORIGIN}/from?a=1` },
    })
    const fromReferer = await thrownResponse(() => withEvent(call, () => requireSession()))
    const location = new URL(fromReferer.headers.get("location") ?? "")
    expect(location.pathname).toBe("/login")
    expect(location.searchParams.get("callbackUrl")).toBe("/from?a=1")
    const named = await thrownResponse(() =>
      withEvent(call, () => requireSession({ callbackUrl: "/account" })),
    )
    expect(new URL(named.headers.get("location") ?? "").searchParams.get("callbackUrl")).toBe(
      "/account",
    )
  })

  it("answers a request for JSON with 401", async () => {
    const { requireSession } = SolidAuth(testConfig().config)
    const event = createEvent("/api/data", { headers: { accept: "application/json" } })
    const response = await thrownResponse(() => requireSession({ event }))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: "Unauthorized" })
  })
})

describe("authMiddleware()", () => {
  it("puts auth() on event.locals, read once", async () => {
    const { authMiddleware } = SolidAuth(testConfig().config)
    const event = createEvent("/", { headers: { cookie: await sessionCookie() } })
    expect(await authMiddleware()(event)).toBeUndefined()
    const auth = event.locals.auth as () => Promise<unknown>
    expect(await auth()).toMatchObject({ user: { email: DEMO_USER.email } })
    expect(await auth()).toBe(await auth())
  })

  it("guards the protected pages and the paths below them, only", async () => {
    const middleware = SolidAuth(testConfig().config).authMiddleware({ protect: ["/account/"] })
    for (const path of ["/account", "/account/settings?x=1"]) {
      const response = await middleware(createEvent(path))
      expect(response?.status).toBe(303)
      const location = new URL(response?.headers.get("location") ?? "")
      expect(location.searchParams.get("callbackUrl")).toBe(path)
    }
    for (const path of ["/", "/accounts", "/api/auth/signin"]) {
      expect(await middleware(createEvent(path))).toBeUndefined()
    }
    const json = await middleware(
      createEvent("/account", { headers: { accept: "application/json" } }),
    )
    expect(json?.status).toBe(401)
    const signedIn = createEvent("/account", { headers: { cookie: await sessionCookie() } })
    expect(await middleware(signedIn)).toBeUndefined()
  })

  it("guards a protected page however its path is spelled, as Solid Router matches it", async () => {
    // Solid Router lower-cases the path and its routes, and ignores a trailing slash; the other
    // spellings are 404s there, guarded all the same (matchesProtectedPath errs on that side).
    const middleware = SolidAuth(testConfig().config).authMiddleware({ protect: ["/account"] })
    for (const path of [
      "/ACCOUNT",
      "/Account/Settings",
      "/account/",
      "/%61ccount",
      "/a/../account",
      "/account;jsessionid=1",
      "/account.",
    ]) {
      const response = await middleware(createEvent(path))
      expect(response?.status, path).toBe(303)
      const location = new URL(response?.headers.get("location") ?? "")
      expect(location.pathname).toBe("/api/auth/signin")
    }
    for (const path of ["/accounts", "/%2561ccount", "/API/AUTH/signin"]) {
      expect(await middleware(createEvent(path)), path).toBeUndefined()
    }
  })

  it("guards a protected page for every method, since SolidStart renders it for any", async () => {
    const middleware = SolidAuth(testConfig().config).authMiddleware({ protect: ["/account"] })
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]) {
      const response = await middleware(createEvent("/account", { method }))
      expect(response?.status, method).toBe(303)
      const json = await middleware(
        createEvent("/account", { method, headers: { accept: "application/json" } }),
      )
      expect(json?.status, method).toBe(401)
    }
    const signedIn = createEvent("/account", {
      method: "PUT",
      headers: { cookie: await sessionCookie() },
    })
    expect(await middleware(signedIn)).toBeUndefined()
  })

  it("lets an action's post to a server function through (a sign-in form), not a query's GET", async () => {
    const middleware = SolidAuth(testConfig().config).authMiddleware({ protect: ["/"] })
    const action = createEvent("/_server?id=abc", {
      method: "POST",
      headers: { "x-server-id": "a" },
    })
    expect(await middleware(action)).toBeUndefined()
    const query = createEvent("/_server?id=abc", { headers: { "x-server-id": "a" } })
    expect((await middleware(query))?.status).toBe(303)
  })

  it("answers 400 for a Host no URL can have, whatever the page", async () => {
    const middleware = SolidAuth(testConfig().config).authMiddleware()
    const response = await middleware(createEvent("/", {}, { node: { host: "1.2.3.256" } }))
    expect(response?.status).toBe(400)
  })
})
