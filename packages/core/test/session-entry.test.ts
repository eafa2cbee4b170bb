/**
 * `@auth/core/session`: `checkSession` and `getSession` read a session exactly as GET
 * `/session` does, checked side by side with `Auth()` on the same cookies.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { decode } from "../src/jwt.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import Credentials from "../src/providers/credentials.js"
import { checkSession, getSession } from "../src/session.js"
import type { AuthConfig } from "../src/types.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET, setCookies } from "./support/client.js"

const COOKIE = "authjs.session-token"
const NOW = Date.UTC(2026, 0, 1, 12)

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger().logger,
    providers: [Credentials({ authorize: () => ({ ...DEMO_USER }) })],
    ...overrides,
  }
}

/** A request to any page of the app, carrying the client's cookies. */
function pageRequest(
  client: AuthClient,
  init: RequestInit = {},
  url = "http://localhost:3000/",
): Request {
  return new Request(url, { ...init, headers: { cookie: client.cookieHeader() } })
}

async function signedIn(authConfig: AuthConfig): Promise<AuthClient> {
  const client = new AuthClient(authConfig)
  await client.signInWithCredentials({})
  return client
}

/** The `Set-Cookie` values of a response, with the session token's value left out. */
function withoutTokens(headers: string[]): string[] {
  return headers.map((header) => header.replace(/^([^=]+)=[^;]*/, "$1=…"))
}

afterEach(() => {
  vi.useRealTimers()
})

describe("checkSession, JWT strategy", () => {
  it("gives the session and the cookies GET /session gives", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(NOW)
    const authConfig = config()
    const client = await signedIn(authConfig)
    const check = await checkSession(pageRequest(client), authConfig)
    const response = await client.get("/session")

    expect(check.failure).toBeUndefined()
    expect(check.session).toEqual(await response.json())
    expect(withoutTokens(check.setCookie)).toEqual(withoutTokens(response.headers.getSetCookie()))
    const [ours] = setCookies(
      new Response(null, { headers: [["Set-Cookie", check.setCookie[0]!]] }),
    )
    const theirs = setCookies(response)[0]!
    const claims = (token: string) => decode({ token, secret: SECRET, salt: COOKIE })
    const { jti: _ourJti, ...ourClaims } = (await claims(ours!.value))!
    const { jti: _theirJti, ...theirClaims } = (await claims(theirs.value))!
    expect(ourClaims).toEqual(theirClaims)
  })

  it("runs the jwt and session callbacks and emits the session event, as GET /session", async () => {
    const calls: string[] = []
    const authConfig = config({
      callbacks: {
        jwt: (params) => {
          calls.push(`jwt:${params.trigger ?? "none"}`)
          return params.token
        },
        session: ({ session, token }) => {
          calls.push("session")
          return { ...session, userId: token.sub }
        },
      },
      events: { session: () => void calls.push("event") },
    })
    const client = await signedIn(authConfig)
    calls.length = 0
    const session = await getSession(pageRequest(client), authConfig)
    expect(session).toMatchObject({ userId: DEMO_USER.id, user: { email: DEMO_USER.email } })
    expect(calls).toEqual(["jwt:none", "session", "event"])
  })

  it("is null with no cookie, and sets none", async () => {
    const authConfig = config()
    const check = await checkSession(new Request("http://localhost:3000/"), authConfig)
    expect(check).toEqual({ session: null, setCookie: [] })
  })

  it("is null for a tampered cookie, never throws, and deletes it as GET /session does", async () => {
    const { logger, errors } = recordingLogger()
    const authConfig = config({ logger })
    const request = new Request("http://localhost:3000/", {
      headers: { cookie: `${COOKIE}=not-a-token` },
    })
    const check = await checkSession(request, authConfig)
    const response = await new AuthClient(authConfig).get("/session", {
      cookie: `${COOKIE}=not-a-token`,
    })
    expect(check.session).toBeNull()
    expect(check.failure).toBeUndefined()
    expect(check.setCookie).toEqual(response.headers.getSetCookie())
    expect(check.setCookie[0]).toMatch(/^authjs\.session-token=; Max-Age=0/)
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual([
      "JWTSessionError",
      "JWTSessionError",
    ])
  })

  it("reads any path and method, and leaves the body unread", async () => {
    const authConfig = config()
    const client = await signedIn(authConfig)
    const request = new Request("http://localhost:3000/api/orders?id=1&id=2", {
      method: "POST",
      headers: { cookie: client.cookieHeader(), "content-type": "application/json" },
      body: JSON.stringify({ order: 1 }),
    })
    expect(await getSession(request, authConfig)).toMatchObject({
      user: { email: DEMO_USER.email },
    })
    expect(request.bodyUsed).toBe(false)
  })

  it("reads the cookies of the origin it is given, AUTH_URL's winning", async () => {
    const authConfig = config()
    const client = new AuthClient(authConfig, "https://app.example")
    await client.signInWithCredentials({})
    // The request as a framework sees it: on the host it listens on, over http.
    const request = pageRequest(client, {}, "http://localhost:3000/dashboard")
    expect((await checkSession(request, authConfig)).session).toBeNull()
    const check = await checkSession(request, authConfig, { origin: "https://app.example" })
    expect(check.session?.user?.email).toBe(DEMO_USER.email)
    expect(check.setCookie[0]).toMatch(/^__Secure-authjs\.session-token=.*; Secure/)
    // AUTH_URL on http: the plain cookie names, whatever origin the integration passes.
    const withAuthUrl = config({ url: "http://app.example" })
    const plain = await signedIn(withAuthUrl)
    const read = await checkSession(pageRequest(plain), withAuthUrl, {
      origin: "https://app.example",
    })
    expect(read.session?.user?.email).toBe(DEMO_USER.email)
  })

  it("uses the secure cookie names on https://", async () => {
    const authConfig = config()
    const client = new AuthClient(authConfig, "https://app.example")
    await client.signInWithCredentials({})
    expect(client.jar.has(`__Secure-${COOKIE}`)).toBe(true)
    const check = await checkSession(
      pageRequest(client, {}, "https://app.example/dashboard"),
      authConfig,
    )
    expect(check.session).toMatchObject({ user: { email: DEMO_USER.email } })
    expect(check.setCookie[0]).toMatch(/^__Secure-authjs\.session-token=.*; Secure/)
    expect(await getSession(pageRequest(client, {}, "http://app.example/"), authConfig)).toBeNull()
  })
})

describe("checkSession, when the cookie is re-issued", () => {
  const DAY = 86_400_000

  it("stale: leaves a token younger than updateAge alone, re-issues one older", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(NOW)
    const authConfig = config()
    const client = await signedIn(authConfig)
    const fresh = await checkSession(pageRequest(client), authConfig, { reissue: "stale" })
    expect(fresh.session?.user?.email).toBe(DEMO_USER.email)
    expect(fresh.setCookie).toEqual([])

    vi.setSystemTime(NOW + DAY + 1000)
    const stale = await checkSession(pageRequest(client), authConfig, { reissue: "stale" })
    expect(stale.setCookie).toHaveLength(1)
    const token = setCookies(new Response(null, { headers: [["Set-Cookie", stale.setCookie[0]!]] }))
    const claims = await decode({ token: token[0]!.value, secret: SECRET, salt: COOKIE })
    expect(claims?.iat).toBe(Math.floor((NOW + DAY + 1000) / 1000))
    expect(claims?.exp).toBe(Math.floor((NOW + DAY + 1000) / 1000) + 30 * 86_400)
  })

  it("stale: follows session.updateAge (0: every read, as GET /session)", async () => {
    const authConfig = config({ session: { updateAge: 0 } })
    const client = await signedIn(authConfig)
    const check = await checkSession(pageRequest(client), authConfig, { reissue: "stale" })
    expect(check.setCookie).toHaveLength(1)
  })

  it("stale: re-issues at once when the jwt callback changed the token, in place or not", async () => {
    for (const jwt of [
      ({ token }: { token: Record<string, unknown> }) => ({ ...token, rotated: true }),
      ({ token }: { token: Record<string, unknown> }) => Object.assign(token, { rotated: true }),
    ]) {
      const authConfig = config({ callbacks: { jwt: jwt as never } })
      const client = new AuthClient(config())
      await client.signInWithCredentials({})
      const check = await checkSession(pageRequest(client), authConfig, { reissue: "stale" })
      expect(check.setCookie).toHaveLength(1)
      const [cookie] = setCookies(
        new Response(null, { headers: [["Set-Cookie", check.setCookie[0]!]] }),
      )
      const claims = await decode({ token: cookie!.value, secret: SECRET, salt: COOKIE })
      expect(claims?.rotated).toBe(true)
    }
  })

  it("never (and getSession): the session without a re-issued cookie, the session event still sent", async () => {
    const events: string[] = []
    const authConfig = config({ events: { session: () => void events.push("session") } })
    const client = await signedIn(authConfig)
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(Date.now() + 2 * DAY)
    const check = await checkSession(pageRequest(client), authConfig, { reissue: "never" })
    expect(check.session?.user?.email).toBe(DEMO_USER.email)
    expect(check.setCookie).toEqual([])
    expect(await getSession(pageRequest(client), authConfig)).toEqual(check.session)
    expect(events).toEqual(["session", "session"])
  })

  it("never still deletes a cookie that does not decode", async () => {
    const authConfig = config()
    const request = new Request("http://localhost:3000/", {
      headers: { cookie: `${COOKIE}=not-a-token` },
    })
    const check = await checkSession(request, authConfig, { reissue: "never" })
    expect(check.session).toBeNull()
    expect(withoutTokens(check.setCookie)).toEqual([
      expect.stringMatching(new RegExp(`^${COOKIE}=…;.*Max-Age=0`)),
    ])
  })
})

describe("checkSession, failures", () => {
  it("fails closed on a config mistake: null, the cause logged, no throw", async () => {
    const { logger, errors } = recordingLogger()
    const authConfig = config({ secret: undefined, logger })
    const check = await checkSession(new Request("http://localhost:3000/"), authConfig)
    expect(check).toEqual({ session: null, setCookie: [], failure: "config" })
    expect(errors.map((error) => (error as { type?: string }).type)).toEqual(["MissingSecret"])
  })

  it("fails closed when a callback throws: null, the cause logged, no cookie", async () => {
    const { logger, errors } = recordingLogger()
    const boom = new Error("boom")
    const authConfig = config({
      logger,
      callbacks: {
        session: () => {
          throw boom
        },
      },
    })
    const client = await signedIn(authConfig)
    const check = await checkSession(pageRequest(client), authConfig)
    expect(check).toEqual({ session: null, setCookie: [], failure: "error" })
    expect(errors.map((error) => error.name)).toEqual(["JWTSessionError"])
    expect((errors[0]?.cause as { err?: unknown } | undefined)?.err).toBe(boom)
    // GET /session answers null too, and ends the session there (as Auth.js does).
    const response = await client.get("/session")
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
  })
})

describe("checkSession, database strategy", () => {
  it("gives the stored session and the cookie GET /session gives", async () => {
    const adapter = MemoryAdapter()
    const authConfig = config({ adapter, session: { strategy: "database" } })
    const user = await adapter.createUser!({
      id: "",
      email: DEMO_USER.email,
      name: DEMO_USER.name,
      image: null,
      emailVerified: null,
    })
    const sessionToken = crypto.randomUUID()
    const expires = new Date(Date.now() + 10 * 86_400_000)
    await adapter.createSession!({ sessionToken, userId: user.id, expires })
    const cookie = `${COOKIE}=${sessionToken}`
    const check = await checkSession(
      new Request("http://localhost:3000/", { headers: { cookie } }),
      authConfig,
    )
    const response = await new AuthClient(authConfig).get("/session", { cookie })
    expect(check.session).toEqual(await response.json())
    expect(check.session).toMatchObject({ user: { email: DEMO_USER.email } })
    expect(check.setCookie).toEqual(response.headers.getSetCookie())
  })
})
