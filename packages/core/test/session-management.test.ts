/**
 * Session management on the memory adapter and the memory store (the shared suite), and what is
 * particular to JWT sessions: the `sid` claim, tokens issued before it, a store that is down,
 * and `session.store: false`.
 */
import { describe, expect, it } from "vitest"
import { DatabaseUnavailableError } from "../src/adapters.js"
import { decode, encode } from "../src/jwt.js"
import Credentials from "../src/providers/credentials.js"
import {
  listAccounts,
  listSessions,
  prepareConfig,
  revokeAllSessions,
  revokeOtherSessions,
  revokeSession,
  unlinkAccount,
} from "../src/server.js"
import type { AuthConfig, SessionStore } from "../src/types.js"
import { memoryBackend } from "./support/backend.js"
import { AuthClient, DEMO_USER, recordingLogger, SECRET } from "./support/client.js"
import { describeSessionManagement } from "./support/session-management-suite.js"

describeSessionManagement({ backend: memoryBackend })

const COOKIE = "authjs.session-token"

function jwtConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger().logger,
    providers: [Credentials({ credentials: {}, authorize: () => DEMO_USER })],
    ...overrides,
  }
}

async function signedIn(config: AuthConfig, agent = "Laptop"): Promise<AuthClient> {
  const client = new AuthClient(config)
  const csrfToken = await client.csrfToken()
  await client.postForm("/callback/credentials", { csrfToken }, { "user-agent": agent })
  return client
}

async function claimsOf(client: AuthClient) {
  return decode({ token: client.jar.get(COOKIE), secret: SECRET, salt: COOKIE })
}

describe("JWT sessions carry a session id", () => {
  it("sets sid at sign-in and keeps it when the jwt callback returns a new object", async () => {
    const config = jwtConfig({
      callbacks: { jwt: ({ token }) => ({ sub: token.sub, email: token.email, role: "admin" }) },
    })
    const client = await signedIn(config)
    const { sid } = (await claimsOf(client))!
    expect(sid).toMatch(/^[0-9a-z]+-[0-9a-f-]{36}$/)
    await client.session()
    expect((await claimsOf(client))?.sid).toBe(sid)
    expect((await claimsOf(client))?.role).toBe("admin")
  })

  it("signs out everywhere else from a token issued before sid, which lives on with one", async () => {
    const config = jwtConfig()
    const phone = await signedIn(config, "Phone")
    const old = await encode({
      token: { sub: DEMO_USER.id, email: DEMO_USER.email, name: DEMO_USER.name },
      secret: SECRET,
      salt: COOKIE,
    })
    const laptop = new AuthClient(config)
    laptop.jar.set(COOKIE, old)
    expect(await laptop.session()).not.toBeNull()
    const csrfToken = await laptop.csrfToken()
    const response = await laptop.postForm("/sessions/revoke", { scope: "others", csrfToken })
    expect(await response.json()).toEqual({ revoked: 1 })
    expect((await claimsOf(laptop))?.sid).toEqual(expect.any(String))
    expect(await laptop.session()).not.toBeNull()
    expect(await phone.session()).toBeNull()
  })

  it("signs out tokens issued before sid when the user signs out everywhere", async () => {
    const config = jwtConfig()
    const old = new AuthClient(config)
    old.jar.set(
      COOKIE,
      await encode({ token: { sub: DEMO_USER.id }, secret: SECRET, salt: COOKIE }),
    )
    const laptop = await signedIn(config)
    const csrfToken = await laptop.csrfToken()
    await laptop.postForm("/sessions/revoke", { scope: "others", csrfToken })
    expect(await old.session()).toBeNull()
    expect(await laptop.session()).not.toBeNull()
  })
})

describe("the session store", () => {
  it("answers 503 while it is down, keeps the cookie, and recovers", async () => {
    let down = false
    const inner = new Map<string, string>()
    const failing = <T>(run: () => T) => {
      if (down) return Promise.reject(new DatabaseUnavailableError(new Error("ECONNREFUSED")))
      return Promise.resolve(run())
    }
    const store: SessionStore = {
      get: (keys) => failing(() => keys.map((key) => inner.get(key) ?? null)),
      set: (key, value) => failing(() => void inner.set(key, value)),
      setField: () => failing(() => undefined),
      getFields: () => failing(() => ({})),
      deleteFields: () => failing(() => undefined),
    }
    const client = await signedIn(jwtConfig({ session: { store } }))
    down = true
    const response = await client.get("/session")
    expect(response.status).toBe(503)
    expect(response.headers.get("retry-after")).not.toBeNull()
    expect(client.jar.has(COOKIE)).toBe(true)
    down = false
    expect(await client.session()).not.toBeNull()
  })

  it("with store: false, lists only this session and answers 501 to a revocation", async () => {
    const config = jwtConfig({ session: { store: false } })
    const laptop = await signedIn(config)
    await signedIn(config, "Phone")
    const listed = (await (await laptop.get("/sessions")).json()) as { sessions: unknown[] }
    expect(listed.sessions).toEqual([expect.objectContaining({ current: true })])
    const csrfToken = await laptop.csrfToken()
    const response = await laptop.postForm("/sessions/revoke", { scope: "others", csrfToken })
    expect(response.status).toBe(501)
    expect(await response.json()).toEqual({ error: "RevocationUnavailable" })
  })
})

describe("the server API", () => {
  it("lists and revokes sessions, and lists accounts, from server code", async () => {
    // The routes serve the prepared config, as an integration's do.
    const prepared = prepareConfig(jwtConfig(), {}, { defaultBasePath: "/auth" })
    const laptop = await signedIn(prepared.config)
    const phone = await signedIn(prepared.config, "Phone")
    const request = (client: AuthClient, method: string) =>
      new Request("http://localhost:3000/account", {
        method,
        headers: { cookie: client.cookieHeader(), "user-agent": "Laptop" },
      })
    const listed = await listSessions(request(laptop, "GET"), prepared)
    if (listed.error !== undefined) throw new Error(listed.error)
    expect(listed.sessions.map((session) => session.current).sort()).toEqual([false, true])
    expect(await revokeOtherSessions(request(laptop, "GET"), prepared)).toEqual({
      error: "MissingCSRF",
      status: 403,
    })
    const crossSite = new Request("http://localhost:3000/account", {
      method: "POST",
      headers: { cookie: laptop.cookieHeader(), "sec-fetch-site": "cross-site" },
    })
    expect(await revokeOtherSessions(crossSite, prepared, { checkOrigin: true })).toEqual({
      error: "MissingCSRF",
      status: 403,
    })
    expect(await phone.session()).not.toBeNull()
    expect(await revokeOtherSessions(request(laptop, "POST"), prepared)).toEqual({
      revoked: 1,
      cookies: [],
    })
    expect(await phone.session()).toBeNull()
    const phoneId = listed.sessions.find((session) => !session.current)!.id
    expect(await revokeSession(request(laptop, "POST"), prepared, phoneId)).toMatchObject({
      revoked: 1,
    })
    // No adapter: a credentials user has no linked accounts.
    expect(await listAccounts(request(laptop, "GET"), prepared)).toEqual({ accounts: [] })
    expect(await unlinkAccount(request(laptop, "POST"), prepared, "github")).toEqual({
      error: "AccountNotFound",
      status: 404,
    })
    const all = await revokeAllSessions(request(laptop, "POST"), prepared)
    if (all.error !== undefined) throw new Error(all.error)
    expect(all.revoked).toBe(1)
    expect(all.cookies).toEqual([expect.objectContaining({ name: COOKIE, value: "" })])
    expect(await laptop.session()).toBeNull()
    expect(await listSessions(request(laptop, "GET"), prepared)).toEqual({
      error: "SessionRequired",
      status: 401,
    })
  })
})

describe("the default stores of a prepared config", () => {
  it("are shared by every config prepared from one object, or for one owner", async () => {
    const config = jwtConfig()
    const first = prepareConfig(config, {}, { defaultBasePath: "/auth" })
    const second = prepareConfig(config, {}, { basePath: "/other" })
    expect(second.config.session?.store).toBe(first.config.session?.store)
    const owner = () => config
    const lazyA = prepareConfig(jwtConfig(), {}, { storesOwner: owner })
    const lazyB = prepareConfig(jwtConfig(), {}, { storesOwner: owner })
    expect(lazyB.config.session?.store).toBe(lazyA.config.session?.store)
    const storeOf = (prepared: typeof lazyA) =>
      prepared.config.rateLimit === false ? undefined : prepared.config.rateLimit?.store
    expect(storeOf(lazyB)).toBe(storeOf(lazyA))
    expect(prepareConfig(jwtConfig(), {}).config.session?.store).not.toBe(
      first.config.session?.store,
    )
  })
})
