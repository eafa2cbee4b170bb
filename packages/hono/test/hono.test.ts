// What a Hono app notices of @auth/hono, in-process through `app.request()`: where the routes
// are, where the config's environment comes from, what verifyAuth() answers and sets, what
// getAuthUser() returns. The HTTP contract over real sockets is in contract.test.ts.
import { encode } from "@auth/core/jwt"
import Credentials from "@auth/core/providers/credentials"
import GitHub from "@auth/core/providers/github"
import Google from "@auth/core/providers/google"
import { Hono } from "hono"
import { HTTPException } from "hono/http-exception"
import { describe, expect, it } from "vitest"
import {
  type AuthConfig,
  type AuthUser,
  authHandler,
  getAuthUser,
  getCsrfToken,
  initAuthConfig,
  verifyAuth,
} from "../src/index.js"

const SECRET = "hono-test-secret-0123456789-0123456789-abcdef"
const USER = { id: "7", name: "Ada Lovelace", email: "ada@example.test" }

/** A config without a secret: tests give it through the config or the bindings. */
function baseConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username }) => (username === "ada" ? USER : null),
      }),
    ],
    ...overrides,
  }
}

/** The app of @hono/auth-js's README: one config, the routes at /api/auth, /api/* protected. */
function readmeApp(config: AuthConfig): Hono {
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => config),
  )
  app.use("/api/auth/*", authHandler())
  app.use("/api/protected/*", verifyAuth())
  app.get("/api/protected/me", (c) => c.json(c.get("authUser")))
  app.get("/whoami", async (c) => c.json(await getAuthUser(c)))
  return app
}

async function sessionCookie(secret = SECRET): Promise<string> {
  const salt = "authjs.session-token"
  const token = await encode({ secret, salt, token: { ...USER, sub: USER.id } })
  return `${salt}=${token}`
}

describe("initAuthConfig and authHandler", () => {
  it("serves the routes at /api/auth by default", async () => {
    const app = readmeApp(baseConfig({ secret: SECRET }))
    const response = await app.request("/api/auth/providers")
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: "http://localhost/api/auth/signin/credentials" },
    })
  })

  it("completes the config from c.env (Workers bindings) and never changes it", async () => {
    const config = Object.freeze(baseConfig())
    const app = new Hono()
    app.use(
      "*",
      initAuthConfig(() => config),
    )
    app.use("/custom/auth/*", authHandler())
    const bindings = { AUTH_SECRET: SECRET, AUTH_URL: "https://app.example/custom/auth" }
    const response = await app.request("/custom/auth/providers", {}, bindings)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: "https://app.example/custom/auth/signin/credentials" },
    })
    expect(config.secret).toBeUndefined()
    expect(config.basePath).toBeUndefined()
  })

  it("takes a config per request from an async handler (one per tenant)", async () => {
    const tenants = new Map([
      ["a", baseConfig({ secret: SECRET, basePath: "/a/auth" })],
      ["b", baseConfig({ secret: SECRET, basePath: "/b/auth" })],
    ])
    const app = new Hono()
    const configOf = async (tenant = ""): Promise<AuthConfig> =>
      tenants.get(tenant) ?? { providers: [] }
    app.use(
      "/:tenant/*",
      initAuthConfig((c) => configOf(c.req.param("tenant"))),
    )
    app.use("/:tenant/auth/*", authHandler())
    for (const tenant of tenants.keys()) {
      const response = await app.request(`/${tenant}/auth/providers`)
      expect(await response.json()).toMatchObject({
        credentials: { signinUrl: `http://localhost/${tenant}/auth/signin/credentials` },
      })
    }
  })

  it("hands core's responses on as Hono responses that later middleware can change", async () => {
    const app = new Hono()
    app.use("*", async (c, next) => {
      await next()
      c.header("X-Seen", "yes")
    })
    app.use(
      "*",
      initAuthConfig(() => baseConfig({ secret: SECRET })),
    )
    app.use("/api/auth/*", authHandler())
    const response = await app.request("/api/auth/signin/credentials", { method: "POST" })
    expect(response.status).toBe(302)
    expect(response.headers.get("x-seen")).toBe("yes")
  })

  it("answers 405 with Allow for methods other than GET and POST", async () => {
    const response = await readmeApp(baseConfig({ secret: SECRET })).request("/api/auth/session", {
      method: "DELETE",
    })
    expect(response.status).toBe(405)
    expect(response.headers.get("allow")).toBe("GET, POST")
  })

  it("answers 400 to a Host no URL can have", async () => {
    const app = readmeApp(baseConfig({ secret: SECRET }))
    const headers = { host: "evil.example:99999" }
    expect((await app.request("/api/auth/providers", { headers })).status).toBe(400)
    expect((await app.request("/api/protected/me", { headers })).status).toBe(400)
    expect(await (await app.request("/whoami", { headers })).json()).toBeNull()
  })

  it("says what is missing when initAuthConfig() did not run", async () => {
    const app = new Hono()
    app.use("/api/auth/*", authHandler())
    let caught: unknown
    app.onError((error, c) => {
      caught = error
      return c.text("error", 500)
    })
    await app.request("/api/auth/session")
    expect(caught).toBeInstanceOf(TypeError)
    expect((caught as Error).message).toMatch(/initAuthConfig\(\)/)
  })
})

describe("verifyAuth", () => {
  it("sends a browser to the sign-in page with a callbackUrl back (303)", async () => {
    const app = readmeApp(baseConfig({ secret: SECRET }))
    const response = await app.request("/api/protected/me?tab=1", {
      headers: { accept: "text/html" },
    })
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get("location") ?? "")
    expect(location.pathname).toBe("/api/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("/api/protected/me?tab=1")
  })

  it("answers an API client 401 JSON, as an HTTPException app.onError can handle", async () => {
    const app = readmeApp(baseConfig({ secret: SECRET }))
    const statuses: number[] = []
    app.onError((error, c) => {
      if (error instanceof HTTPException) {
        statuses.push(error.status)
        return error.getResponse()
      }
      return c.text("error", 500)
    })
    const response = await app.request("/api/protected/me", {
      headers: { accept: "application/json" },
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: "Unauthorized" })
    expect(statuses).toEqual([401])
  })

  it("sets c.get('authUser') to the session, the one getAuthUser() then returns", async () => {
    const app = new Hono()
    app.use(
      "*",
      initAuthConfig(() => baseConfig({ secret: SECRET })),
    )
    app.get("/me", verifyAuth(), async (c) => {
      const authUser = c.get("authUser")
      return c.json({ authUser, same: (await getAuthUser(c)) === authUser })
    })
    const response = await app.request("/me", { headers: { cookie: await sessionCookie() } })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { authUser: AuthUser; same: boolean }
    expect(body.authUser.session.user).toEqual({ name: USER.name, email: USER.email })
    expect(body.same).toBe(true)
  })

  it("lets the auth routes through, so a guard registered before them cannot loop", async () => {
    const app = new Hono()
    app.use(
      "*",
      initAuthConfig(() => baseConfig({ secret: SECRET })),
    )
    app.use("/api/*", verifyAuth())
    app.use("/api/auth/*", authHandler())
    app.get("/api/data", (c) => c.json(c.get("authUser")))
    const page = await app.request("/api/auth/signin", { headers: { accept: "text/html" } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("Sign in")
    const data = await app.request("/api/data", { headers: { accept: "application/json" } })
    expect(data.status).toBe(401)
  })

  it("re-issues a session cookie that is due for renewal", async () => {
    const config = baseConfig({ secret: SECRET, session: { updateAge: 0 } })
    const response = await readmeApp(config).request("/api/protected/me", {
      headers: { cookie: await sessionCookie() },
    })
    expect(response.status).toBe(200)
    const cookies = response.headers.getSetCookie()
    expect(cookies.some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(true)
  })
})

describe("getAuthUser", () => {
  it("is null when signed out, and the session when signed in, without setting cookies", async () => {
    const app = readmeApp(baseConfig({ secret: SECRET }))
    expect(await (await app.request("/whoami")).json()).toBeNull()
    const response = await app.request("/whoami", { headers: { cookie: await sessionCookie() } })
    expect(await response.json()).toMatchObject({ session: { user: { email: USER.email } } })
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it("is null for a cookie made with another secret", async () => {
    const app = readmeApp(baseConfig({ secret: SECRET }))
    const cookie = await sessionCookie("another-secret-0123456789-0123456789-abcdef")
    expect(await (await app.request("/whoami", { headers: { cookie } })).json()).toBeNull()
  })
})

describe("getCsrfToken", () => {
  it("gives a server-rendered form the token and its cookie, which the routes accept", async () => {
    const app = readmeApp(baseConfig({ secret: SECRET }))
    app.get("/", async (c) => c.html(`<input name="csrfToken" value="${await getCsrfToken(c)}">`))
    const page = await app.request("/")
    const token = /value="([^"]+)"/.exec(await page.text())?.[1] ?? ""
    const cookie = page.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ")
    expect(cookie).toMatch(/^authjs\.csrf-token=/)
    const signOut = await app.request("/api/auth/signout", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: token, callbackUrl: "/bye" }),
    })
    expect(signOut.status).toBe(302)
    expect(signOut.headers.get("location")).toBe("http://localhost/bye")
  })
})

describe("a provider the environment does not configure", () => {
  /** Bindings of a production deployment that sets GitHub's variables but not Google's. */
  const production = {
    NODE_ENV: "production",
    AUTH_SECRET: SECRET,
    AUTH_URL: "https://app.example/api/auth",
    AUTH_GITHUB_ID: "gh-id",
    AUTH_GITHUB_SECRET: "gh-secret",
  }

  function withGoogle() {
    const warnings: Array<string | undefined> = []
    const errors: Error[] = []
    const config = baseConfig({
      providers: [GitHub, Google, ...baseConfig().providers],
      logger: {
        warn: (_code, message) => void warnings.push(message),
        error: (error) => void errors.push(error),
        debug: () => {},
      },
    })
    return { app: readmeApp(config), warnings, errors }
  }

  it("leaves it out, one warning naming its variables, and serves the rest in production", async () => {
    const { app, warnings, errors } = withGoogle()
    const providers = await app.request("/api/auth/providers", {}, production)
    expect(providers.status).toBe(200)
    expect(Object.keys(await providers.json())).toEqual(["github", "credentials"])
    const session = await app.request("/api/auth/session", {}, production)
    expect(session.status).toBe(200)
    const whoami = await app.request("/whoami", {}, production)
    expect(await whoami.json()).toBeNull()

    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain("AUTH_GOOGLE_ID")
    expect(warnings[0]).toContain("AUTH_GOOGLE_SECRET")
    expect(errors).toEqual([])
  })

  it("answers a sign-in with it with the Configuration error page", async () => {
    const { app, errors } = withGoogle()
    const csrf = await app.request("/api/auth/csrf", {}, production)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const cookie = csrf.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ")
    const signIn = await app.request(
      "/api/auth/signin/google",
      {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrfToken }),
      },
      production,
    )
    expect(signIn.status).toBe(302)
    expect(signIn.headers.get("location")).toBe(
      "https://app.example/api/auth/error?error=Configuration",
    )
    expect(errors.at(-1)?.message).toMatch(/^Provider "google" is not configured/)
  })
})
