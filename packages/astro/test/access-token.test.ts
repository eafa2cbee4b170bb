/**
 * `getAccessToken(context, { provider })` with real `@auth/core` against the identity provider of
 * `@auth/dev-servers` (refresh tokens on, access tokens that are due for a refresh as soon as they
 * are issued): signed out, JWT sessions with `storeTokens` (one refresh for concurrent calls, the
 * re-sealed cookie set through Astro's `cookies`), database sessions (the account row updated).
 * The user signs in through the real OAuth flow with core's in-process test client.
 */
import { MemoryAdapter } from "@auth/core/memory-adapter"
import type { APIContext } from "astro"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signInAtIdp } from "../../core/test/oauth/flow.js"
import { AuthClient } from "../../core/test/support/client.js"
import { type Idp, startIdentityProvider } from "../../core/test/support/idp.js"
import { type FullAuthConfig, getAccessToken } from "../src/server.js"
import { ORIGIN, testConfig } from "./support.js"

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

/** A config on `idp`, signed in as a new user through the OAuth flow. */
async function signedIn(overrides: Partial<FullAuthConfig>) {
  const config = testConfig({ basePath: BASE_PATH, providers: [idp.oidcProvider()], ...overrides })
  // Core's test client runs core's sources; the config is the same object (types from dist).
  const client = new AuthClient(config as unknown as CoreConfig, ORIGIN, BASE_PATH)
  const username = `user-${crypto.randomUUID().slice(0, 8)}`
  await signInAtIdp(client, idp, "idp", username)
  return { config, client, username }
}

/** A page's or action's context with the browser's cookies, recording `cookies.set`. */
function contextOf(cookie: string) {
  const set: Array<{ name: string; value: string }> = []
  const request = new Request(`${ORIGIN}/repos`, { headers: cookie ? { cookie } : {} })
  const cookies = { set: (name: string, value: string) => set.push({ name, value }) }
  return {
    context: { request, cookies } as unknown as Pick<APIContext, "request" | "cookies">,
    set,
  }
}

describe("getAccessToken", () => {
  it("answers SessionRequired when signed out, setting no cookie", async () => {
    const { context, set } = contextOf("")
    const config = testConfig({
      providers: [idp.oidcProvider()],
      session: { strategy: "jwt", storeTokens: true },
    })
    const result = await getAccessToken(context, { provider: "idp" }, config)
    expect(result.code).toBe("SessionRequired")
    expect(set).toEqual([])
  })

  it("JWT sessions: refreshes an expired token once for concurrent calls and sets the re-sealed cookie", async () => {
    const { config, client } = await signedIn({ session: { strategy: "jwt", storeTokens: true } })
    const before = idp.refreshGrants

    const calls = Array.from({ length: CONCURRENT_CALLS }, () => contextOf(client.cookieHeader()))
    const results = await Promise.all(
      calls.map(({ context }) => getAccessToken(context, { provider: "idp" }, config)),
    )

    expect(idp.refreshGrants).toBe(before + 1)
    const tokens = new Set(results.map((result) => result.accessToken))
    expect(tokens.size).toBe(1)
    expect([...tokens][0]).toEqual(expect.any(String))
    expect(results[0]).not.toHaveProperty("cookies")
    const sealed = calls[0]!.set.find(({ name }) => name === COOKIE)
    expect(sealed?.value).toBeTruthy()
    expect(sealed?.value).not.toBe(client.jar.get(COOKIE))
    // The provider's API takes the refreshed token.
    const me = await fetch(`${idp.issuer}/me`, {
      headers: { authorization: `Bearer ${[...tokens][0]}` },
    })
    expect(me.status).toBe(200)
  })

  it("database sessions: refreshes once and writes the new tokens to the account row", async () => {
    const adapter = MemoryAdapter()
    const { config, client, username } = await signedIn({
      adapter,
      session: { strategy: "database" },
    })
    const old = await adapter.getAccount!(username, "idp")
    const before = idp.refreshGrants

    const calls = Array.from({ length: CONCURRENT_CALLS }, () => contextOf(client.cookieHeader()))
    const results = await Promise.all(
      calls.map(({ context }) => getAccessToken(context, { provider: "idp" }, config)),
    )

    expect(idp.refreshGrants).toBe(before + 1)
    const row = await adapter.getAccount!(username, "idp")
    expect(row?.access_token).not.toBe(old?.access_token)
    expect(new Set(results.map((result) => result.accessToken))).toEqual(
      new Set([row?.access_token]),
    )
    expect(calls.flatMap(({ set }) => set)).toEqual([])
  })
})
