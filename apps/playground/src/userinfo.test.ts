/**
 * The home page's userinfo button over real HTTP: `/userinfo` gets Playground ID's access token
 * through `getAccessToken` and calls the provider's userinfo endpoint with it. The provider runs
 * here (the playground's `identityProvider` option) so that the test reads its refresh grants.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { CookieJar, type Idp, startIdentityProvider } from "@auth/dev-servers"
import type { UserinfoAnswer } from "@auth/example-support"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Playground, startPlayground } from "./playground.js"

/**
 * Below `getAccessToken`'s 60 s skew: every access token is about to expire as soon as it is
 * issued, so every call refreshes it first, without waiting for the clock.
 */
const ACCESS_TOKEN_TTL = 30

// One PGlite folder for both strategies, one after the other: creating it takes seconds,
// opening it again does not.
let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "playground-userinfo-"))
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe.each(["database", "jwt"] as const)("/userinfo with %s sessions", (sessionStrategy) => {
  let idp: Idp
  let playground: Playground

  beforeAll(async () => {
    idp = await startIdentityProvider({ accessTokenTtl: ACCESS_TOKEN_TTL })
    const client = idp.clients.client_secret_basic
    playground = await startPlayground({
      port: 0,
      dataDir,
      sessionStrategy,
      identityProvider: {
        issuer: idp.issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret ?? "",
      },
      log: () => {},
    })
    idp.setRedirectUris([`${playground.url}/auth/callback/playground-id`])
  })

  afterAll(async () => {
    await playground?.close()
    await idp?.close()
  })

  /** `GET /userinfo` with the jar's cookies; the cookies it sets go back into the jar. */
  async function callUserinfo(jar: CookieJar): Promise<{ status: number; body: UserinfoAnswer }> {
    const response = await fetch(`${playground.url}/userinfo`, {
      headers: { cookie: jar.header() },
    })
    jar.store(response)
    return { status: response.status, body: (await response.json()) as UserinfoAnswer }
  }

  it("answers the claims with a refreshed token, and refreshes it again on the next call", async () => {
    const jar = await signInWithPlaygroundId(playground.url, idp, "ada")
    const before = idp.refreshGrants

    const first = await callUserinfo(jar)
    expect(first.status).toBe(200)
    if (!first.body.ok) throw new Error(`No userinfo: ${first.body.code}`)
    expect(first.body.claims).toMatchObject({ sub: "ada", email: "ada@example.test" })
    expect(first.body.expiresAt).toBeGreaterThan(Date.now() / 1000)
    expect(first.body.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + ACCESS_TOKEN_TTL + 1)
    // The sign-in's token expires within the skew: refreshed before the call.
    expect(idp.refreshGrants).toBe(before + 1)

    const second = await callUserinfo(jar)
    expect(second.status).toBe(200)
    if (!second.body.ok) throw new Error(`No userinfo: ${second.body.code}`)
    expect(idp.refreshGrants).toBe(before + 2)
    expect(second.body.tokenId).not.toBe(first.body.tokenId)
    expect(second.body.claims).toMatchObject({ sub: "ada", email: "ada@example.test" })
  })

  it("says RefreshAccessTokenError when the provider refuses the refresh, and recovers on the next one", async () => {
    const jar = await signInWithPlaygroundId(playground.url, idp, "grace")
    idp.failNext("token", { error: "invalid_grant", status: 400 })

    expect(await callUserinfo(jar)).toEqual({
      status: 502,
      body: { ok: false, code: "RefreshAccessTokenError" },
    })
    const session = await fetch(`${playground.url}/auth/session`, {
      headers: { cookie: jar.header() },
    })
    expect(await session.json()).toMatchObject({ error: "RefreshAccessTokenError" })

    const retried = await callUserinfo(jar)
    expect(retried.status).toBe(200)
    expect(retried.body).toMatchObject({ ok: true, claims: { sub: "grace" } })
  })

  it("says so when the user signed in another way, or not at all", async () => {
    const jar = new CookieJar()
    jar.store(
      await postAuthForm(playground.url, jar, "/auth/callback/credentials", {
        email: "demo@example.test",
        password: "demo",
      }),
    )
    expect(await callUserinfo(jar)).toEqual({
      status: 404,
      body: { ok: false, code: "AccountNotFound" },
    })
    expect(await callUserinfo(new CookieJar())).toEqual({
      status: 401,
      body: { ok: false, code: "SessionRequired" },
    })
  })
})

/** Signs `username` in with Playground ID through the provider's login form: the app's cookies. */
async function signInWithPlaygroundId(
  origin: string,
  idp: Idp,
  username: string,
): Promise<CookieJar> {
  const jar = new CookieJar()
  const signIn = await postAuthForm(origin, jar, "/auth/signin/playground-id", {})
  jar.store(signIn)
  const authorization = new URL(signIn.headers.get("location") ?? "")
  // What the app asks for: a refresh token too (offline_access, which needs prompt=consent).
  expect(authorization.searchParams.get("scope")).toContain("offline_access")
  expect(authorization.searchParams.get("prompt")).toContain("consent")
  const { url } = await idp.login(new CookieJar(), authorization, username)
  const callback = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } })
  expect(callback.status).toBe(302)
  jar.store(callback)
  return jar
}

/** POSTs a form to an auth route with a fresh CSRF token in `jar`, as the built-in pages do. */
async function postAuthForm(
  origin: string,
  jar: CookieJar,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  const csrf = await fetch(`${origin}/auth/csrf`, { headers: { cookie: jar.header() } })
  jar.store(csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/", ...fields }),
  })
}
