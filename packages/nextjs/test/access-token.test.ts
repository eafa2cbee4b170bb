/**
 * `NextAuth()`'s `getAccessToken` with real `@auth/core` against the identity provider of
 * `@auth/dev-servers` (refresh tokens on, access tokens that are due for a refresh as soon as they
 * are issued), on the request `next/headers` describes: signed out, JWT sessions with
 * `storeTokens` (one refresh for concurrent calls; the re-sealed cookie set in a server action,
 * the token still handed out in a Server Component, where Next.js allows no cookie), database
 * sessions (the account row updated). The user signs in through the real OAuth flow, through
 * next-auth's route handlers.
 */
import { MemoryAdapter } from "@auth/core/memory-adapter"
import { CookieJar } from "@auth/integration-test"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { type Idp, startIdentityProvider } from "../../core/test/support/idp.js"
import { CookieJar as IdpCookieJar } from "../../dev-servers/dist/index.js"
import NextAuth, { type NextAuthConfig, type NextAuthResult } from "../src/index.js"
import { serverRequest, startServerRequest } from "./server-request.js"
import { nextRequest, ORIGIN, testConfig } from "./support.js"

/** Whether `cookies().set()` throws, as it does while a Server Component renders. */
const rendering = vi.hoisted(() => ({ readOnly: false }))

vi.mock("next/headers.js", async () => {
  const { nextHeadersModule } = await import("./server-request.js")
  return {
    headers: nextHeadersModule.headers,
    cookies: async () => {
      const jar = await nextHeadersModule.cookies()
      const set: typeof jar.set = (...args) => {
        if (rendering.readOnly) {
          throw new Error("Cookies can only be modified in a Server Action or Route Handler.")
        }
        jar.set(...args)
      }
      return { ...jar, set }
    },
  }
})

const HOST = new URL(ORIGIN).host
const ACTION = { "next-action": "7f00a1b2c3" }
const BASE_PATH = "/api/auth"
const COOKIE = "authjs.session-token"
const CONCURRENT_CALLS = 20

/** Issues refresh tokens; its access tokens live 30 s, inside the default skew of 60 s. */
let idp: Idp

beforeAll(async () => {
  idp = await startIdentityProvider({ refreshTokens: true, accessTokenTtl: 30 })
  idp.setRedirectUris([`${ORIGIN}${BASE_PATH}/callback/idp`])
})

afterAll(async () => {
  rendering.readOnly = false
  await idp?.close()
})

/** `NextAuth()` on `idp`, with a new user signed in through the OAuth flow. */
async function signedIn(overrides: Partial<NextAuthConfig>) {
  const { config } = testConfig({ providers: [idp.oidcProvider()], ...overrides })
  const next = NextAuth(config)
  const username = `user-${crypto.randomUUID().slice(0, 8)}`
  const jar = await signInAtIdp(next.handlers, username)
  return { next, jar, username }
}

/** Signs `username` in with `idp` through the route handlers; returns the browser's cookies. */
async function signInAtIdp(handlers: NextAuthResult["handlers"], username: string) {
  const jar = new CookieJar()
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set("cookie", jar.header())
    const response = await (init.method === "POST" ? handlers.POST : handlers.GET)(
      nextRequest(path, { ...init, headers }),
    )
    jar.store(response)
    return response
  }
  const { csrfToken } = (await (await send(`${BASE_PATH}/csrf`)).json()) as { csrfToken: string }
  const start = await send(`${BASE_PATH}/signin/idp`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/" }),
  })
  expect(start.status).toBe(302)
  const authorization = await idp.login(
    new IdpCookieJar(),
    start.headers.get("location") ?? "",
    username,
  )
  const callback = await send(`${authorization.url.pathname}${authorization.url.search}`)
  expect(callback.headers.get("location")).toBe(`${ORIGIN}/`)
  expect(jar.has(COOKIE)).toBe(true)
  return jar
}

const JWT_SESSIONS = { session: { strategy: "jwt", storeTokens: true } } as const

describe("getAccessToken", () => {
  it("answers SessionRequired when signed out, setting no cookie", async () => {
    const { config } = testConfig({ providers: [idp.oidcProvider()], ...JWT_SESSIONS })
    startServerRequest({ host: HOST })
    const result = await NextAuth(config).getAccessToken({ provider: "idp" })
    expect(result.code).toBe("SessionRequired")
    expect(serverRequest.set).toEqual([])
  })

  it("JWT sessions: refreshes once for concurrent calls in a server action and sets the re-sealed cookie", async () => {
    const { next, jar } = await signedIn(JWT_SESSIONS)
    const before = idp.refreshGrants
    startServerRequest({ host: HOST, cookie: jar.header(), ...ACTION })

    const results = await Promise.all(
      Array.from({ length: CONCURRENT_CALLS }, () => next.getAccessToken({ provider: "idp" })),
    )

    expect(idp.refreshGrants).toBe(before + 1)
    const tokens = new Set(results.map((result) => result.accessToken))
    expect(tokens.size).toBe(1)
    const [token] = tokens
    expect(token).toEqual(expect.any(String))
    expect(results[0]).not.toHaveProperty("cookies")
    const sealed = serverRequest.set.filter(({ name }) => name === COOKIE)
    expect(sealed.length).toBeGreaterThan(0)
    expect(sealed.every(({ value }) => value !== jar.get(COOKIE))).toBe(true)
    // Later in the same action the re-sealed cookie is read: the new token, with no refresh.
    expect(await next.getAccessToken({ provider: "idp", skew: 0 })).toMatchObject({
      accessToken: token,
    })
    expect(idp.refreshGrants).toBe(before + 1)
    const me = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(me.status).toBe(200)
  })

  it("JWT sessions: hands out the refreshed token in a Server Component, where no cookie can be set", async () => {
    const { next, jar } = await signedIn(JWT_SESSIONS)
    const before = idp.refreshGrants
    startServerRequest({ host: HOST, cookie: jar.header() })
    rendering.readOnly = true
    try {
      const result = await next.getAccessToken({ provider: "idp" })
      expect(result.error).toBeUndefined()
      expect(result.accessToken).toEqual(expect.any(String))
      expect(idp.refreshGrants).toBe(before + 1)
      expect(serverRequest.set).toEqual([])
    } finally {
      rendering.readOnly = false
    }
  })

  it("JWT sessions in middleware: refreshes once, sets the re-sealed cookie and hands it on to the render, which does not refresh again", async () => {
    const { next, jar } = await signedIn(JWT_SESSIONS)
    const before = idp.refreshGrants
    const seen: Array<string | undefined> = []
    const middleware = next.auth(async (req) => {
      const first = await req.getAccessToken("idp")
      // A second call in the same middleware reads the first one's cookie: no second refresh.
      const second = await req.getAccessToken({ provider: "idp", skew: 0 })
      seen.push(first.accessToken, second.accessToken)
    })
    const event = {} as Parameters<typeof middleware>[1]

    const response = await middleware(
      nextRequest("/repos", { headers: { cookie: `theme=dark; ${jar.header()}` } }),
      event,
    )

    expect(idp.refreshGrants).toBe(before + 1)
    expect(seen[0]).toEqual(expect.any(String))
    expect(seen[1]).toBe(seen[0])
    expect(response.headers.get("x-middleware-next")).toBe("1")
    const sealed = response.headers.getSetCookie().filter((c) => c.startsWith(`${COOKIE}=`))
    expect(sealed).toHaveLength(1)
    const pair = sealed[0]?.slice(0, sealed[0].indexOf(";")) ?? ""
    expect(pair).not.toBe(`${COOKIE}=${jar.get(COOKIE)}`)
    // Next.js renders the page with this Cookie header: the refreshed token, no refresh there.
    const forwarded = response.headers.get("x-middleware-request-cookie") ?? ""
    expect(forwarded.split("; ")).toEqual(
      `theme=dark; ${jar.header()}`.split("; ").map((c) => (c.startsWith(`${COOKIE}=`) ? pair : c)),
    )
    startServerRequest({ host: HOST, cookie: forwarded })
    rendering.readOnly = true
    try {
      const rendered = await next.getAccessToken({ provider: "idp", skew: 0 })
      expect(rendered.accessToken).toBe(seen[0])
      expect(idp.refreshGrants).toBe(before + 1)
    } finally {
      rendering.readOnly = false
    }
  })

  it("database sessions: refreshes once and writes the new tokens to the account row", async () => {
    const adapter = MemoryAdapter()
    const { next, jar, username } = await signedIn({
      adapter,
      session: { strategy: "database" },
    })
    const old = await adapter.getAccount!(username, "idp")
    const before = idp.refreshGrants
    startServerRequest({ host: HOST, cookie: jar.header() })

    const results = await Promise.all(
      Array.from({ length: CONCURRENT_CALLS }, () => next.getAccessToken({ provider: "idp" })),
    )

    expect(idp.refreshGrants).toBe(before + 1)
    const row = await adapter.getAccount!(username, "idp")
    expect(row?.access_token).not.toBe(old?.access_token)
    expect(new Set(results.map((result) => result.accessToken))).toEqual(
      new Set([row?.access_token]),
    )
    expect(serverRequest.set).toEqual([])
  })
})
