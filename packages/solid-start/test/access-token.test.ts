/**
 * `SolidAuth()`'s `getAccessToken` with real `@auth/core` against the identity provider of
 * `@auth/dev-servers` (refresh tokens on, access tokens that are due for a refresh as soon as they
 * are issued), on request events as SolidStart makes them: signed out, JWT sessions with
 * `storeTokens` (one refresh for concurrent calls, the re-sealed cookie on the event's response),
 * database sessions (the account row updated). The user signs in through the real OAuth flow
 * with core's in-process test client.
 */
import { MemoryAdapter } from "@auth/core/memory-adapter"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signInAtIdp } from "../../core/test/oauth/flow.js"
import { AuthClient } from "../../core/test/support/client.js"
import { type Idp, startIdentityProvider } from "../../core/test/support/idp.js"
import { SolidAuth, type SolidAuthConfig } from "../src/index.js"
import { createEvent, ORIGIN, testConfig, withEvent } from "./support.js"

type CoreConfig = ConstructorParameters<typeof AuthClient>[0]

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
  await idp?.close()
})

/** `SolidAuth()` on `idp`, with a new user signed in through the OAuth flow. */
async function signedIn(overrides: Partial<SolidAuthConfig>) {
  const { config } = testConfig({ providers: [idp.oidcProvider()], ...overrides })
  // Core's test client runs core's sources; the config is the same (types from dist).
  const client = new AuthClient(
    { ...config, basePath: BASE_PATH } as unknown as CoreConfig,
    ORIGIN,
    BASE_PATH,
  )
  const username = `user-${crypto.randomUUID().slice(0, 8)}`
  await signInAtIdp(client, idp, "idp", username)
  return { auth: SolidAuth(config), client, username }
}

/** A `query` run while rendering a page with these cookies. */
const pageQuery = (cookie: string) => createEvent("/repos", { headers: cookie ? { cookie } : {} })

describe("getAccessToken", () => {
  it("answers SessionRequired when signed out, setting no cookie", async () => {
    const { config } = testConfig({
      providers: [idp.oidcProvider()],
      session: { strategy: "jwt", storeTokens: true },
    })
    const event = pageQuery("")
    const result = await withEvent(event, () =>
      SolidAuth(config).getAccessToken({ provider: "idp" }),
    )
    expect(result.code).toBe("SessionRequired")
    expect(event.response.headers.getSetCookie()).toEqual([])
  })

  it("answers InvalidRequest for a Host no URL can have", async () => {
    const { auth, client } = await signedIn({ session: { strategy: "jwt", storeTokens: true } })
    const event = createEvent(
      "/repos",
      { headers: { cookie: client.cookieHeader() } },
      {
        node: { host: "bad host" },
      },
    )
    expect((await auth.getAccessToken({ provider: "idp" }, event)).code).toBe("InvalidRequest")
  })

  it("JWT sessions: refreshes an expired token once for concurrent calls and sets the re-sealed cookie", async () => {
    const { auth, client } = await signedIn({ session: { strategy: "jwt", storeTokens: true } })
    const before = idp.refreshGrants

    const events = Array.from({ length: CONCURRENT_CALLS }, () => pageQuery(client.cookieHeader()))
    const results = await Promise.all(
      events.map((event) => auth.getAccessToken({ provider: "idp" }, event)),
    )

    expect(idp.refreshGrants).toBe(before + 1)
    const tokens = new Set(results.map((result) => result.accessToken))
    expect(tokens.size).toBe(1)
    expect([...tokens][0]).toEqual(expect.any(String))
    expect(results[0]).not.toHaveProperty("cookies")
    const sealed = events[0]!.response.headers.getSetCookie()
    expect(sealed.map((cookie) => cookie.slice(0, cookie.indexOf("=")))).toEqual([COOKIE])
    expect(sealed[0]).not.toContain(encodeURIComponent(client.jar.get(COOKIE) ?? ""))
    expect(events[0]!.response.headers.get("cache-control")).toContain("private")
    const me = await fetch(`${idp.issuer}/me`, {
      headers: { authorization: `Bearer ${[...tokens][0]}` },
    })
    expect(me.status).toBe(200)
  })

  it("database sessions: refreshes once and writes the new tokens to the account row", async () => {
    const adapter = MemoryAdapter()
    const { auth, client, username } = await signedIn({
      adapter,
      session: { strategy: "database" },
    })
    const old = await adapter.getAccount!(username, "idp")
    const before = idp.refreshGrants

    const events = Array.from({ length: CONCURRENT_CALLS }, () => pageQuery(client.cookieHeader()))
    const results = await Promise.all(
      events.map((event) => auth.getAccessToken({ provider: "idp" }, event)),
    )

    expect(idp.refreshGrants).toBe(before + 1)
    const row = await adapter.getAccount!(username, "idp")
    expect(row?.access_token).not.toBe(old?.access_token)
    expect(new Set(results.map((result) => result.accessToken))).toEqual(
      new Set([row?.access_token]),
    )
    expect(events.flatMap((event) => event.response.headers.getSetCookie())).toEqual([])
  })
})
