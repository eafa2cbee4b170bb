import { describe, expect, it } from "vitest"
import { Auth } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import {
  getCsrfToken,
  getSession,
  guard,
  invalidHostAccessToken,
  prepareConfig,
  setCookieHeaders,
  signIn,
  signOut,
  updateSession,
} from "../src/server.js"
import type { AuthConfig, Cookie } from "../src/types.js"
import { DEMO_USER, recordingLogger, SECRET } from "./support/client.js"

const ORIGIN = "http://app.test"

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    logger: recordingLogger().logger,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          username === "ada" && password === "secret" ? DEMO_USER : null,
      }),
    ],
    callbacks: {
      jwt: ({ token, trigger, session }) =>
        trigger === "update" ? { ...token, name: (session as { name: string }).name } : token,
    },
    ...overrides,
  }
}

/** A request of a form post or a server action: the only kind that may change state. */
function post(url: string, headers?: HeadersInit): Request {
  return new Request(url, { method: "POST", headers })
}

function cookieHeader(cookies: Cookie[]): string {
  return cookies.map(({ name, value }) => `${name}=${value}`).join("; ")
}

async function signedInCookie(prepared: ReturnType<typeof prepareConfig>): Promise<string> {
  const result = await signIn(post(`${ORIGIN}/login`), prepared, "credentials", {
    fields: { username: "ada", password: "secret" },
  })
  expect(result.error).toBeUndefined()
  return cookieHeader(result.cookies)
}

describe("prepareConfig", () => {
  it("never changes the caller's config and prepares it once per options", () => {
    const userConfig = config()
    const prepared = prepareConfig(userConfig, { AUTH_SECRET: SECRET })
    expect(userConfig.basePath).toBeUndefined()
    expect(prepared.basePath).toBe("/auth")
    expect(prepareConfig(userConfig, {})).toBe(prepared)
    expect(prepareConfig(userConfig, {}, { defaultBasePath: "/api/auth" })).not.toBe(prepared)
  })

  it("decides the base path: config, then the integration's place, then AUTH_URL, then the default", () => {
    const env = { AUTH_URL: "https://app.example/custom/auth" }
    const options = { basePath: "/mounted", defaultBasePath: "/api/auth" }
    expect(prepareConfig(config({ basePath: "/mine/" }), env, options).basePath).toBe("/mine")
    expect(prepareConfig(config(), env, options).basePath).toBe("/mounted")
    expect(prepareConfig(config(), env, { defaultBasePath: "/api/auth" }).basePath).toBe(
      "/custom/auth",
    )
    expect(prepareConfig(config(), {}, { defaultBasePath: "/api/auth" }).basePath).toBe("/api/auth")
  })

  it("moves the base path and relative pages under an app-wide prefix", () => {
    const prepared = prepareConfig(
      config({ pages: { signIn: "/login", error: "https://other.example/error" } }),
      {},
      { defaultBasePath: "/api/auth", pathPrefix: "/docs/" },
    )
    expect(prepared.basePath).toBe("/docs/api/auth")
    expect(prepared.signInPage).toBe("/docs/login")
    expect(prepared.config.pages?.error).toBe("https://other.example/error")
    expect(prepared.isAuthRoute("/docs/api/auth/session")).toBe(true)
    expect(prepared.isAuthRoute("/docs/login")).toBe(true)
    expect(prepared.isAuthRoute("/docs/api/authx")).toBe(false)
  })

  it("reports a config mistake once, as data", () => {
    const prepared = prepareConfig({ providers: [], trustHost: true }, { NODE_ENV: "production" })
    expect(prepared.error?.type).toBe("MissingSecret")
  })

  it("applies the environment: secret, provider credentials, trustHost only in development", () => {
    const development = prepareConfig(config({ secret: undefined }), { AUTH_SECRET: SECRET })
    expect(development.error).toBeUndefined()
    expect(development.config.trustHost).toBe(true)
    const production = prepareConfig(config(), {}, { development: false })
    expect(production.config.trustHost).toBe(false)
  })

  it("reads an environment that answers only by name (no keys to copy)", () => {
    const env = new Proxy<Record<string, string | undefined>>(
      {},
      { get: (_, name) => (name === "AUTH_SECRET" ? SECRET : undefined) },
    )
    const prepared = prepareConfig(config({ secret: undefined }), env)
    expect(prepared.error).toBeUndefined()
    expect(prepared.config.secret).toEqual([SECRET])
  })
})

describe("requestURL: one rule for the origin", () => {
  const headers = (init: Record<string, string>) => new Headers(init)

  it("believes forwarded headers only from a declared proxy", () => {
    const direct = prepareConfig(config(), {}, { defaultBasePath: "/x1" })
    const proxied = prepareConfig(config(), { AUTH_TRUST_HOST: "true" }, { defaultBasePath: "/x2" })
    const incoming = {
      headers: headers({ host: "internal:3000", "x-forwarded-host": "app.example, evil.example" }),
      path: "/auth/session",
      protocol: "http",
    }
    expect(direct.trustForwarded).toBe(false)
    expect(direct.requestURL(incoming)?.href).toBe("http://internal:3000/auth/session")
    expect(
      proxied.requestURL({
        ...incoming,
        headers: headers({ ...Object.fromEntries(incoming.headers), "x-forwarded-proto": "https" }),
      })?.href,
    ).toBe("https://app.example/auth/session")
    // The framework's own word on the hop wins (Express's `trust proxy`).
    expect(proxied.requestURL({ ...incoming, trustForwarded: false })?.host).toBe("internal:3000")
  })

  it("reads RFC 7239 Forwarded before X-Forwarded-*", () => {
    const proxied = prepareConfig(config(), { VERCEL: "1" }, { defaultBasePath: "/x3" })
    const url = proxied.requestURL({
      headers: headers({
        host: "internal",
        forwarded: 'for=1.2.3.4;host="app.example:8443";proto=https, host=evil.example',
        "x-forwarded-host": "other.example",
      }),
      path: "//evil.example/a?b=1",
      protocol: "http",
    })
    expect(url?.href).toBe("https://app.example:8443/evil.example/a?b=1")
  })

  it("pins every URL to AUTH_URL's origin and still refuses a host no URL can have", () => {
    const pinned = prepareConfig(config(), { AUTH_URL: "https://app.example" })
    const incoming = { headers: headers({ host: "evil.example" }), path: "/p", protocol: "http" }
    expect(pinned.requestURL(incoming)?.href).toBe("https://app.example/p")
    expect(pinned.requestURL({ ...incoming, headers: headers({ host: "a:99999" }) })).toBeNull()
    const web = new Request("http://localhost/p", { headers: { host: "1.2.3.256" } })
    expect(pinned.requestURL(web)).toBeNull()
    expect(pinned.requestURL(new Request("http://evil.example/q?x=1"))?.href).toBe(
      "https://app.example/q?x=1",
    )
  })

  it("gives null, not a throw, for a request whose URL does not parse", () => {
    // @hono/node-server builds `request.url` from `Host: 1.2.3.256` without parsing it.
    const web = new Request("http://localhost/p", { headers: { host: "1.2.3.256" } })
    Object.defineProperty(web, "url", { value: "http://1.2.3.256/p" })
    expect(prepareConfig(config(), {}).requestURL(web)).toBeNull()
    expect(prepareConfig(config(), { AUTH_URL: "https://app.example" }).requestURL(web)).toBeNull()
  })
})

describe("signIn and signOut from server code", () => {
  it("signs in with credentials: a redirect to the callback URL and the session cookie", async () => {
    const prepared = prepareConfig(config(), {})
    const request = post(`${ORIGIN}/login`, { referer: `${ORIGIN}/from` })
    const result = await signIn(request, prepared, "credentials", {
      fields: { username: "ada", password: "secret" },
    })
    expect(result).toMatchObject({ redirect: `${ORIGIN}/from` })
    const cookie = cookieHeader(result.cookies)
    expect(cookie).toContain("authjs.session-token=")
    const read = await getSession(new Request(ORIGIN, { headers: { cookie } }), prepared.config)
    expect(read.session?.user?.email).toBe(DEMO_USER.email)
  })

  it("gives CredentialsSignin as data, with where the HTTP flow goes, and no cookie", async () => {
    const prepared = prepareConfig(config(), {})
    const result = await signIn(post(`${ORIGIN}/`), prepared, "credentials", {
      fields: { username: "ada", password: "wrong" },
      redirectTo: "/dashboard",
    })
    expect(result.error?.type).toBe("CredentialsSignin")
    expect(result.redirect).toBe(`${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`)
    expect(result.cookies).toEqual([])
  })

  it("sends an unknown or missing provider to the sign-in page with the callback URL", async () => {
    const prepared = prepareConfig(config({ pages: { signIn: "/login" } }), {})
    const result = await signIn(new Request(`${ORIGIN}/x`), prepared, "nope", {
      redirectTo: "/after",
    })
    expect(result).toEqual({ redirect: `${ORIGIN}/login?callbackUrl=%2Fafter`, cookies: [] })
  })

  it("sends a callback URL to the sign-in page only as the redirect callback allows it", async () => {
    const prepared = prepareConfig(config({ pages: { signIn: "/login" } }), {})
    const referred = new Request(`${ORIGIN}/x`, { headers: { referer: "https://evil.example/" } })
    const result = await signIn(referred, prepared, undefined)
    expect(new URL(result.redirect ?? "").searchParams.get("callbackUrl")).toBe(ORIGIN)
  })

  it("signs out: the session cookie cleared, a redirect to redirectTo", async () => {
    const prepared = prepareConfig(config(), {})
    const cookie = await signedInCookie(prepared)
    const result = await signOut(post(`${ORIGIN}/`, { cookie }), prepared, {
      redirectTo: "/bye",
    })
    expect(result.redirect).toBe(`${ORIGIN}/bye`)
    const cleared = result.cookies.find((c) => c.name === "authjs.session-token")
    expect(cleared?.value).toBe("")
  })

  it("refuses a cross-site call with checkOrigin, as the auth routes do", async () => {
    const prepared = prepareConfig(config(), {})
    const crossSite = post(`${ORIGIN}/`, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    })
    const options = { fields: { username: "ada", password: "secret" }, checkOrigin: true }
    const refused = await signIn(crossSite, prepared, "credentials", options)
    expect(refused.error?.type).toBe("MissingCSRF")
    expect(refused.redirect).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`)
    expect(refused.cookies).toEqual([])
    const signOutRefused = await signOut(crossSite, prepared, { checkOrigin: true })
    expect(signOutRefused.error?.type).toBe("MissingCSRF")
    const sameOrigin = post(`${ORIGIN}/`, { origin: ORIGIN })
    expect((await signIn(sameOrigin, prepared, "credentials", options)).error).toBeUndefined()
    // Without the option the framework's own origin check is trusted.
    expect(
      (await signIn(crossSite, prepared, "credentials", { ...options, checkOrigin: false })).error,
    ).toBeUndefined()
  })

  it("updates the session through the jwt callback", async () => {
    const prepared = prepareConfig(config(), {})
    const cookie = await signedInCookie(prepared)
    const result = await updateSession(post(`${ORIGIN}/`, { cookie }), prepared, {
      name: "Ada L.",
    })
    expect(result.session?.user?.name).toBe("Ada L.")
    expect(result.error).toBeUndefined()
    expect(result.cookies.some((c) => c.name === "authjs.session-token")).toBe(true)
  })

  // Issue 24: a server function reachable by GET (SolidStart's `GET /_server?id=…`, a Next.js
  // route handler) could be run from another site's `<img>` with the user's cookies.
  it.each(["GET", "HEAD"])(
    "refuses to change state in a %s request: MissingCSRF, no cookie",
    async (method) => {
      const logger = recordingLogger()
      const prepared = prepareConfig(config({ logger: logger.logger }), {})
      const cookie = await signedInCookie(prepared)
      const request = new Request(`${ORIGIN}/_server?id=action`, { method, headers: { cookie } })
      const fields = { username: "ada", password: "secret" }

      const signedIn = await signIn(request, prepared, "credentials", { fields })
      expect(signedIn).toEqual({
        error: expect.objectContaining({ type: "MissingCSRF" }),
        redirect: `${ORIGIN}/auth/signin?error=MissingCSRF`,
        status: 302,
        cookies: [],
      })
      const signedOut = await signOut(request, prepared, { redirectTo: "/bye" })
      expect(signedOut.error?.type).toBe("MissingCSRF")
      expect(signedOut.cookies).toEqual([])
      const updated = await updateSession(request, prepared, { name: "Mallory" })
      expect(updated).toEqual({
        session: null,
        cookies: [],
        error: expect.objectContaining({ type: "MissingCSRF" }),
      })
      expect(logger.errors.map((error) => error.name)).toEqual([
        "MissingCSRF",
        "MissingCSRF",
        "MissingCSRF",
      ])
      // Still signed in, under the old name.
      const read = await getSession(new Request(ORIGIN, { headers: { cookie } }), prepared.config)
      expect(read.session?.user?.name).toBe(DEMO_USER.name)
    },
  )

  it("still names the sign-in page in a GET: no provider, nothing changes", async () => {
    const prepared = prepareConfig(config(), {})
    const result = await signIn(new Request(`${ORIGIN}/private`), prepared, undefined, {
      redirectTo: "/private",
    })
    expect(result).toEqual({
      redirect: `${ORIGIN}/auth/signin?callbackUrl=%2Fprivate`,
      cookies: [],
    })
  })
})

describe("guard", () => {
  it("lets a signed-in request through with its session", async () => {
    const prepared = prepareConfig(config(), {})
    const cookie = await signedInCookie(prepared)
    const result = await guard(new Request(`${ORIGIN}/admin`, { headers: { cookie } }), prepared)
    expect(result.session?.user?.email).toBe(DEMO_USER.email)
  })

  it("sends a browser to the sign-in page with a callbackUrl back, uncached", async () => {
    const prepared = prepareConfig(config(), {}, { defaultBasePath: "/api/auth" })
    const result = await guard(new Request(`${ORIGIN}/admin?tab=2`), prepared)
    expect(result.session).toBeNull()
    expect(result.response?.status).toBe(303)
    expect(result.response?.headers.get("location")).toBe(
      `${ORIGIN}/api/auth/signin?callbackUrl=%2Fadmin%3Ftab%3D2`,
    )
    expect(result.response?.headers.get("vary")).toBe("Accept, X-Requested-With")
    expect(result.response?.headers.get("cache-control")).toBe("no-store")
  })

  it("answers 401 JSON to a request that asks for JSON", async () => {
    const prepared = prepareConfig(config(), {})
    const request = new Request(`${ORIGIN}/api/me`, { headers: { accept: "application/json" } })
    const result = await guard(request, prepared)
    expect(result.response?.status).toBe(401)
    expect(await result.response?.json()).toEqual({ error: "Unauthorized" })
  })

  it("decides on a session the integration already read, without reading one", async () => {
    const prepared = prepareConfig(config(), {})
    const cookie = await signedInCookie(prepared)
    const request = new Request(`${ORIGIN}/admin`, { headers: { cookie } })
    const refused = await guard(request, prepared, { session: null })
    expect(refused.response?.status).toBe(303)
    const session = { user: { name: "Known" }, expires: "2100-01-01T00:00:00.000Z" }
    const passed = await guard(new Request(`${ORIGIN}/admin`), prepared, { session })
    expect(passed).toEqual({ session, cookies: [] })
  })
})

describe("getCsrfToken", () => {
  it("gives a token and its cookie, which the signout action then accepts", async () => {
    const prepared = prepareConfig(config(), {})
    const session = await signedInCookie(prepared)
    const page = new Request(`${ORIGIN}/`, { headers: { cookie: session } })
    const { token, cookies } = await getCsrfToken(page, prepared)
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    expect(setCookieHeaders(cookies)[0]).toMatch(/^authjs\.csrf-token=/)
    const response = await Auth(
      new Request(`${ORIGIN}/auth/signout`, {
        method: "POST",
        headers: {
          cookie: `${session}; ${cookieHeader(cookies)}`,
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
        },
        body: new URLSearchParams({ csrfToken: token }),
      }),
      prepared.config,
    )
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).not.toContain("error")
  })

  it("reuses the token of a valid cookie without setting a new one", async () => {
    const prepared = prepareConfig(config(), {})
    const first = await getCsrfToken(new Request(ORIGIN), prepared)
    const again = await getCsrfToken(
      new Request(ORIGIN, { headers: { cookie: cookieHeader(first.cookies) } }),
      prepared,
    )
    expect(again).toEqual({ token: first.token, cookies: [] })
  })
})

describe("invalidHostAccessToken", () => {
  it("is what every integration's getAccessToken gives for a Host no URL can have, saying how to fix it", () => {
    const result = invalidHostAccessToken()
    expect(result.code).toBe("InvalidRequest")
    expect(result.accessToken).toBeUndefined()
    expect(result.error).toBeInstanceOf(TypeError)
    expect(result.error?.message).toContain("set AUTH_URL")
  })
})
