import Credentials from "@auth/core/providers/credentials"
import { clientAddress } from "@auth/core/server"
import { CookieJar } from "@auth/integration-test"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { SvelteKitAuth } from "../src/index.js"
import { setKitEnv } from "./kit-stubs/env.js"
import { setEnvironment } from "./kit-stubs/environment.js"
import { setBase } from "./kit-stubs/paths.js"
import {
  APP_RESPONSE,
  createEvent,
  ORIGIN,
  PASSWORD,
  resetKit,
  runHandle,
  SECRET,
  testConfig,
  USER,
} from "./support.js"

beforeEach(resetKit)
afterEach(() => vi.restoreAllMocks())

/** Signs in through the hook (csrf, then the credentials callback); returns the cookie jar. */
async function signedIn(handle: ReturnType<typeof SvelteKitAuth>["handle"], basePath = "/auth") {
  const jar = new CookieJar()
  const csrf = await runHandle(handle, createEvent(`${basePath}/csrf`, {}, { jar, routeId: null }))
  jar.store(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const body = new URLSearchParams({ csrfToken, username: "ada", password: PASSWORD })
  const init = {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  }
  const callback = await runHandle(
    handle,
    createEvent(`${basePath}/callback/credentials`, init, { jar, routeId: null }),
  )
  expect(callback.status).toBe(302)
  jar.store(callback)
  return jar
}

describe("handle: the auth routes", () => {
  it("serves the actions under /auth through core", async () => {
    const { handle } = SvelteKitAuth(testConfig().config)
    const response = await runHandle(handle, createEvent("/auth/providers", {}, { routeId: null }))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: `${ORIGIN}/auth/signin/credentials` },
    })
  })

  it("serves them under the app's paths.base", async () => {
    setBase("/app")
    const { handle } = SvelteKitAuth(testConfig().config)
    const response = await runHandle(
      handle,
      createEvent("/app/auth/providers", {}, { routeId: null }),
    )
    expect(await response.json()).toMatchObject({
      credentials: { callbackUrl: `${ORIGIN}/app/auth/callback/credentials` },
    })
    const outside = await runHandle(handle, createEvent("/auth/providers", {}, { routeId: null }))
    expect(await outside.text()).toBe(APP_RESPONSE)
  })

  it("keeps a basePath the config sets", async () => {
    setBase("/app")
    const { handle } = SvelteKitAuth(testConfig({ basePath: "/api/v1/auth/" }).config)
    const response = await runHandle(
      handle,
      createEvent("/api/v1/auth/session", {}, { routeId: null }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
  })

  it("leaves the app's own routes under the base path to the app; others get core's 400", async () => {
    const { handle } = SvelteKitAuth(testConfig().config)
    const page = await runHandle(
      handle,
      createEvent("/auth/welcome", {}, { routeId: "/auth/welcome" }),
    )
    expect(await page.text()).toBe(APP_RESPONSE)
    const unknown = await runHandle(handle, createEvent("/auth/welcome", {}, { routeId: null }))
    expect(unknown.status).toBe(400)
    // An action name is always core's, even where the app has a route.
    const action = await runHandle(
      handle,
      createEvent("/auth/signin", {}, { routeId: "/auth/signin" }),
    )
    expect(action.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await action.text()).not.toBe(APP_RESPONSE)
  })

  it("never changes the config it was given", async () => {
    const { config } = testConfig()
    const before = structuredClone({ ...config, providers: [], logger: undefined })
    const { handle } = SvelteKitAuth(config)
    await runHandle(handle, createEvent("/auth/session", {}, { routeId: null }))
    expect({ ...config, providers: [], logger: undefined }).toEqual(before)
    expect(config.basePath).toBeUndefined()
  })

  it("passes every Set-Cookie of core through", async () => {
    const { handle } = SvelteKitAuth(testConfig().config)
    const response = await runHandle(handle, createEvent("/auth/csrf", {}, { routeId: null }))
    expect(response.headers.getSetCookie().join()).toContain("authjs.csrf-token=")
  })
})

describe("handle: locals.auth()", () => {
  it("is null without a session, and the session after signing in", async () => {
    const { handle } = SvelteKitAuth(testConfig().config)
    const anonymous = createEvent("/")
    await runHandle(handle, anonymous)
    expect(await anonymous.locals.auth()).toBeNull()

    const jar = await signedIn(handle)
    const event = createEvent("/", {}, { jar })
    await runHandle(handle, event)
    const session = await event.locals.auth()
    expect(session).toMatchObject({ user: { name: USER.name, email: USER.email } })
    expect(typeof session?.expires).toBe("string")
    // The older name reads the same session.
    expect(await event.locals.getSession()).toEqual(session)
  })

  it("reads the session once per request", async () => {
    const sessionCallback = vi.fn(({ session }) => session)
    const { handle } = SvelteKitAuth(testConfig({ callbacks: { session: sessionCallback } }).config)
    const jar = await signedIn(handle)
    sessionCallback.mockClear()
    const event = createEvent("/", {}, { jar })
    await runHandle(handle, event, async (e) => {
      await Promise.all([e.locals.auth(), e.locals.auth(), e.locals.getSession()])
      return new Response(APP_RESPONSE)
    })
    expect(sessionCallback).toHaveBeenCalledTimes(1)
    // The re-issued session cookie (sliding expiry) goes out through event.cookies.
    expect(event.setCookies.some((c) => c.startsWith("authjs.session-token="))).toBe(true)
  })

  it("fails closed: a throwing session callback gives null, logged", async () => {
    const { config, errors } = testConfig({
      callbacks: {
        session: () => {
          throw new Error("session callback broke")
        },
      },
    })
    const { handle } = SvelteKitAuth(config)
    const jar = await signedIn(handle)
    const event = createEvent("/", {}, { jar })
    await runHandle(handle, event)
    expect(await event.locals.auth()).toBeNull()
    expect(errors.length).toBeGreaterThan(0)
  })

  it("keeps locals.auth an earlier hook set", async () => {
    const { handle } = SvelteKitAuth(testConfig().config)
    const event = createEvent("/")
    const earlier = async () => null
    event.locals.auth = earlier
    await runHandle(handle, event)
    expect(event.locals.auth).toBe(earlier)
  })
})

describe("handle: a response that carries a session cookie", () => {
  /** A page whose load reads the session, and that the app marked cacheable. */
  const cacheablePage =
    (cacheControl: string) =>
    async (event: { locals: App.Locals }): Promise<Response> => {
      await event.locals.auth()
      return new Response(APP_RESPONSE, { headers: { "cache-control": cacheControl } })
    }

  it("is made private and no-store when locals.auth() re-issued or deleted the cookie", async () => {
    const { handle } = SvelteKitAuth(testConfig().config)
    const jar = await signedIn(handle)
    for (const init of [{}, { headers: { cookie: "authjs.session-token=not-a-jwt" } }]) {
      const event = createEvent("/", init, { jar })
      const response = await runHandle(handle, event, cacheablePage("public, max-age=600"))
      expect(event.setCookies.some((c) => c.startsWith("authjs.session-token="))).toBe(true)
      expect(response.headers.get("cache-control")).toBe("private, no-store")
    }
  })

  it("keeps a private Cache-Control, varied on Cookie, and copies immutable headers", async () => {
    const { handle } = SvelteKitAuth(testConfig().config)
    const jar = await signedIn(handle)
    const page = cacheablePage("private, max-age=60")
    const response = await runHandle(handle, createEvent("/", {}, { jar }), page)
    expect(response.headers.get("cache-control")).toBe("private, max-age=60")
    expect(response.headers.get("vary")).toBe("Cookie")
    const fetched = await runHandle(handle, createEvent("/", {}, { jar }), async (event) => {
      await event.locals.auth()
      return Response.redirect(`${ORIGIN}/elsewhere`, 307)
    })
    expect(fetched.status).toBe(307)
    expect(fetched.headers.get("cache-control")).toBe("private, no-store")
  })

  it("leaves a response without session cookies as the app made it", async () => {
    const { handle } = SvelteKitAuth(testConfig().config)
    const response = await runHandle(handle, createEvent("/"), cacheablePage("public, max-age=600"))
    expect(response.headers.get("cache-control")).toBe("public, max-age=600")
  })
})

describe("handle: a config function", () => {
  it("gets the request event, and runs once per request", async () => {
    const configFor = vi.fn(() => testConfig().config)
    const { handle } = SvelteKitAuth(configFor)
    const event = createEvent("/")
    await runHandle(handle, event, async (e) => {
      await e.locals.auth()
      return new Response(APP_RESPONSE)
    })
    expect(configFor).toHaveBeenCalledTimes(1)
    expect(configFor).toHaveBeenCalledWith(event)
  })

  it("that throws: logged, the configuration error for auth routes, no session elsewhere", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    const { handle } = SvelteKitAuth(async () => {
      throw new Error("the database with the tenants is down")
    })
    const api = await runHandle(handle, createEvent("/auth/session", {}, { routeId: null }))
    expect(api.status).toBe(500)
    expect(await api.json()).toEqual({
      message:
        "There was a problem with the server configuration. Check the server logs for more information.",
    })
    const page = await runHandle(handle, createEvent("/auth/signin", {}, { routeId: null }))
    expect(page.status).toBe(500)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(await page.text()).not.toContain("tenants")

    const event = createEvent("/", { headers: { cookie: "authjs.session-token=x" } })
    const response = await runHandle(handle, event)
    expect(await response.text()).toBe(APP_RESPONSE)
    expect(await event.locals.auth()).toBeNull()
    expect(String(logged.mock.calls.flat())).toContain("the database with the tenants is down")
  })
})

describe("handle: environment", () => {
  const { config: base } = testConfig()
  const withoutSecret = { ...base, secret: undefined, trustHost: undefined }

  it("reads AUTH_SECRET from $env/dynamic/private", async () => {
    setKitEnv({ AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" })
    const { handle } = SvelteKitAuth(withoutSecret)
    const response = await runHandle(handle, createEvent("/auth/csrf", {}, { routeId: null }))
    expect(response.status).toBe(200)
  })

  it("reads AUTH_SECRET from the process too, as SvelteKit 3 puts only declared ones in $env", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET)
    vi.stubEnv("AUTH_TRUST_HOST", "1")
    try {
      const { handle } = SvelteKitAuth({ ...withoutSecret })
      const response = await runHandle(handle, createEvent("/auth/csrf", {}, { routeId: null }))
      expect(response.status).toBe(200)
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it("honours AUTH_TRUST_HOST in production (Auth.js ignored it there)", async () => {
    setKitEnv({ AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" })
    const trusted = SvelteKitAuth({ ...withoutSecret })
    const ok = await runHandle(trusted.handle, createEvent("/auth/csrf", {}, { routeId: null }))
    expect(ok.status).toBe(200)

    // Without it (or with "false"), production refuses to start: the host cannot be trusted.
    const untrusted: Record<string, string>[] = [
      { AUTH_SECRET: SECRET },
      { AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "false" },
    ]
    for (const env of untrusted) {
      setKitEnv(env)
      expect(() => SvelteKitAuth({ ...withoutSecret })).toThrow(
        expect.objectContaining({ type: "UntrustedHost" }),
      )
    }
  })

  it("refuses to start in production on a mistake in the rateLimit option", () => {
    setKitEnv({ AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" })
    expect(() =>
      SvelteKitAuth({ ...withoutSecret, rateLimit: { signIn: { limit: 0, windowSeconds: 60 } } }),
    ).toThrow(/rateLimit\.signIn/)
  })

  it("on the dev server, a config mistake is logged once and the app keeps serving", async () => {
    setEnvironment({ dev: true })
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    const { handle } = SvelteKitAuth({ ...withoutSecret, logger: undefined })
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0])).toContain("MissingSecret")
    const route = await runHandle(handle, createEvent("/auth/session", {}, { routeId: null }))
    expect(route.status).toBe(500)
    const event = createEvent("/")
    await runHandle(handle, event)
    expect(await event.locals.auth()).toBeNull()
  })

  it("trusts the host on the dev server", async () => {
    setKitEnv({ AUTH_SECRET: SECRET })
    setEnvironment({ dev: true })
    const { handle } = SvelteKitAuth({ ...withoutSecret })
    const response = await runHandle(handle, createEvent("/auth/csrf", {}, { routeId: null }))
    expect(response.status).toBe(200)
  })

  it("moves every URL to AUTH_URL's origin", async () => {
    setKitEnv({ AUTH_SECRET: SECRET, AUTH_URL: "https://public.example/auth" })
    const { handle } = SvelteKitAuth({ ...withoutSecret })
    const response = await runHandle(handle, createEvent("/auth/providers", {}, { routeId: null }))
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: "https://public.example/auth/signin/credentials" },
    })
  })
})

describe("handle: while building", () => {
  it("answers no auth route and reports no session", async () => {
    setEnvironment({ building: true })
    const { handle } = SvelteKitAuth(testConfig().config)
    const route = await runHandle(handle, createEvent("/auth/signin", {}, { routeId: null }))
    expect(await route.text()).toBe(APP_RESPONSE)
    const event = createEvent("/")
    await runHandle(handle, event)
    expect(await event.locals.auth()).toBeNull()
  })
})

describe("handle: the client address core sees", () => {
  it("is event.getClientAddress(), not a client's own X-Forwarded-For", async () => {
    const seen: Array<string | undefined> = []
    const { handle } = SvelteKitAuth(
      testConfig({
        providers: [
          Credentials({
            credentials: { username: {} },
            authorize: (_, request) => {
              seen.push(clientAddress(request))
              return null
            },
          }),
        ],
      }).config,
    )
    const jar = new CookieJar()
    const csrf = await runHandle(handle, createEvent("/auth/csrf", {}, { jar, routeId: null }))
    jar.store(csrf)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const post = (getClientAddress: () => string) => {
      const event = createEvent(
        "/auth/callback/credentials",
        {
          method: "POST",
          body: new URLSearchParams({ csrfToken, username: "ada" }),
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": "198.51.100.7",
          },
        },
        { jar, routeId: null },
      )
      return runHandle(handle, { ...event, getClientAddress })
    }
    await post(() => "203.0.113.5")
    // An adapter that knows no address throws: the forwarded header then counts.
    await post(() => {
      throw new Error("no address")
    })
    expect(seen).toEqual(["203.0.113.5", "198.51.100.7"])
  })
})
