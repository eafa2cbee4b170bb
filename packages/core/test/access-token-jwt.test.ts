/**
 * `getAccessToken` with JWT sessions (`session.storeTokens`) against the real `oidc-provider`
 * with refresh tokens: the tokens kept in the session token, refreshed once however many calls
 * ask at once, re-sealed into the cookie; a caller with the replaced cookie gets the new tokens;
 * a failed refresh marks the session and keeps the tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { applySetCookies } from "../src/cookie.js"
import { RefreshAccessTokenError } from "../src/errors.js"
import { customFetch } from "../src/index.js"
import { createMemorySessionStore } from "../src/internal/session-store/memory.js"
import { decode, encode, type JWT } from "../src/jwt.js"
import { MemoryAdapter } from "../src/memory-adapter.js"
import type { OIDCConfig } from "../src/providers/oauth.js"
import {
  type AccessTokenResult,
  getAccessToken,
  getSession,
  prepareConfig,
  setCookieHeaders,
} from "../src/server.js"
import type { AuthConfig, Cookie, Profile } from "../src/types.js"
import { APP_ORIGIN, callbackUrl, createApp, recordingFetch, signInAtIdp } from "./oauth/flow.js"
import { type AuthClient, SECRET } from "./support/client.js"
import { type Idp, startIdentityProvider } from "./support/idp.js"

const COOKIE = "authjs.session-token"
const CONCURRENT_CALLS = 50

let rotating: Idp
let keeping: Idp
/** Access tokens valid for two seconds. */
let shortLived: Idp

beforeAll(async () => {
  ;[rotating, keeping, shortLived] = await Promise.all([
    startIdentityProvider({ refreshTokens: true, rotateRefreshTokens: true }),
    startIdentityProvider({ refreshTokens: true, rotateRefreshTokens: false }),
    startIdentityProvider({ refreshTokens: true, accessTokenTtl: 2 }),
  ])
  for (const idp of [rotating, keeping, shortLived]) {
    idp.setRedirectUris(["idp", "other-idp"].map((id) => callbackUrl(id)))
  }
})

afterAll(async () => {
  await Promise.all([rotating?.close(), keeping?.close(), shortLived?.close()])
})

function provider(idp: Idp, overrides: Partial<OIDCConfig<Profile>> = {}) {
  return { ...idp.oidcProvider("client_secret_basic"), ...overrides } as OIDCConfig<Profile>
}

function uniqueUser(label = "user"): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}`
}

/** An app on JWT sessions with `storeTokens`, signed in at `idp` as a new user. */
async function signedIn(idp: Idp, config: Partial<AuthConfig> = {}) {
  const username = uniqueUser()
  const app = createApp({
    session: { strategy: "jwt", storeTokens: true },
    providers: [provider(idp), provider(idp, { id: "other-idp", name: "Other" })],
    ...config,
  })
  await signInAtIdp(app.client, idp, "idp", username)
  return { ...app, username }
}

/** A page request with a `Cookie` header. */
function requestWith(cookie: string): Request {
  return new Request(`${APP_ORIGIN}/dashboard`, { headers: { cookie } })
}

/** The session token in a browser's cookies, decoded. */
async function sessionToken(client: AuthClient): Promise<JWT> {
  const chunks = [...client.jar]
    .filter(([name]) => name === COOKIE || name.startsWith(`${COOKIE}.`))
    .sort(([a], [b]) => chunkIndex(a) - chunkIndex(b))
  const token = await decode({
    token: chunks.map(([, value]) => value).join(""),
    secret: SECRET,
    salt: COOKIE,
  })
  expect(token).not.toBeNull()
  return token!
}

function chunkIndex(name: string): number {
  return name === COOKIE ? -1 : Number(name.slice(COOKIE.length + 1))
}

/** The provider tokens the session token holds for `idp`. */
async function storedTokens(client: AuthClient, provider = "idp") {
  const token = await sessionToken(client)
  return (token.providerTokens as Record<string, Record<string, unknown>>)[provider]!
}

/** Makes the stored access token look expired (the provider still takes it), in the cookie. */
async function expire(client: AuthClient): Promise<void> {
  const token = await sessionToken(client)
  const entries = token.providerTokens as Record<string, Record<string, unknown>>
  entries.idp!.expires_at = Math.floor(Date.now() / 1000) - 10
  for (const name of [...client.jar.keys()]) if (name.startsWith(COOKIE)) client.jar.delete(name)
  client.jar.set(COOKIE, await encode({ token, secret: SECRET, salt: COOKIE }))
}

/** The browser after a response that set `cookies`. */
function applied(client: AuthClient, cookies: Cookie[]): string {
  return applySetCookies(client.cookieHeader(), setCookieHeaders(cookies))
}

function accessTokenOf(result: AccessTokenResult): string {
  expect(result.error, result.error?.message).toBeUndefined()
  return result.accessToken as string
}

describe("getAccessToken with JWT sessions", () => {
  it("needs session.storeTokens: without it the session token holds no tokens, and the session no new field", async () => {
    const username = uniqueUser()
    const { client, config, log } = createApp({ providers: [provider(rotating)] })
    await signInAtIdp(client, rotating, "idp", username)

    const result = await getAccessToken(requestWith(client.cookieHeader()), config, {
      provider: "idp",
    })

    expect(result.code).toBe("Configuration")
    expect(result.error?.message).toContain("storeTokens")
    // Logged as it may be (a copy whose credentials are redacted), so by its message.
    expect(log.errors.map((error) => error.message)).toContain(result.error?.message)
    expect((await sessionToken(client)).providerTokens).toBeUndefined()
    expect(Object.keys((await client.session()) ?? {}).sort()).toEqual(["expires", "user"])
  })

  it("stores the default token subset at sign-in and hands out the access token while it is valid", async () => {
    const { client, config, log } = await signedIn(rotating)
    const before = rotating.refreshGrants
    const stored = await storedTokens(client)
    expect(Object.keys(stored).sort()).toEqual([
      "access_token",
      "expires_at",
      "provider",
      "providerAccountId",
      "refresh_token",
      "scope",
      "token_type",
    ])

    const result = await getAccessToken(requestWith(client.cookieHeader()), config, {
      provider: "idp",
    })

    expect(result).toEqual({
      accessToken: stored.access_token,
      expiresAt: stored.expires_at,
      scope: "openid profile email",
      tokenType: "bearer",
      cookies: [],
    })
    expect(rotating.refreshGrants).toBe(before)
    expect(log.errors).toEqual([])
    expect(Object.keys((await client.session()) ?? {}).sort()).toEqual(["expires", "user"])
  })

  it("refreshes an access token that expired once, re-seals the cookie, and the applied cookie needs no refresh", async () => {
    const { client, config, log } = await signedIn(shortLived)
    const old = await storedTokens(client)
    // Past its expiry (the provider's tokens live 2 s), checked with no skew.
    await expire(client)
    const before = shortLived.refreshGrants

    const result = await getAccessToken(requestWith(client.cookieHeader()), config, {
      provider: "idp",
      skew: 0,
    })

    expect(shortLived.refreshGrants).toBe(before + 1)
    const token = accessTokenOf(result)
    expect(token).not.toBe(old.access_token)
    expect(result.cookies.map((cookie) => cookie.name)).toEqual([COOKIE])
    // The re-sealed cookie, applied to the rest of the request (as middleware would), and kept.
    const cookie = applied(client, result.cookies)
    const again = await getAccessToken(requestWith(cookie), config, { provider: "idp", skew: 0 })
    expect(accessTokenOf(again)).toBe(token)
    expect(again.cookies).toEqual([])
    expect(shortLived.refreshGrants).toBe(before + 1)
    const { session } = await getSession(requestWith(cookie), config)
    expect(session?.user?.email).toMatch(/@example\.test$/)
    expect(log.errors).toEqual([])
  })

  it(`makes exactly one refresh request for ${CONCURRENT_CALLS} concurrent calls with one expired cookie, and gives all of them the new token`, async () => {
    const { client, config } = await signedIn(rotating)
    await expire(client)
    const before = rotating.refreshGrants

    const results = await Promise.all(
      Array.from({ length: CONCURRENT_CALLS }, () =>
        getAccessToken(requestWith(client.cookieHeader()), config, { provider: "idp" }),
      ),
    )

    expect(rotating.refreshGrants).toBe(before + 1)
    const tokens = new Set(results.map(accessTokenOf))
    expect(tokens.size).toBe(1)
    client.store(new Response(null, { headers: cookieHeaders(results[0]!.cookies) }))
    expect((await storedTokens(client)).access_token).toBe([...tokens][0])
  })

  it("gives a request with the replaced cookie the new tokens instead of spending the old refresh token", async () => {
    const { client, config } = await signedIn(rotating)
    await expire(client)
    const stale = client.cookieHeader()
    const first = await getAccessToken(requestWith(stale), config, { provider: "idp" })
    const before = rotating.refreshGrants

    // Another tab's request, sent before the browser had the re-sealed cookie.
    const late = await getAccessToken(requestWith(stale), config, { provider: "idp" })

    expect(rotating.refreshGrants).toBe(before)
    expect(accessTokenOf(late)).toBe(accessTokenOf(first))
    expect(late.cookies.map((cookie) => cookie.name)).toEqual([COOKIE])
  })

  it("refreshes a cookie a stale response overwrote with the session's newest refresh token, not the spent one", async () => {
    const { client, config, log } = await signedIn(rotating)
    await expire(client)
    const stale = client.cookieHeader()
    const first = await getAccessToken(requestWith(stale), config, { provider: "idp" })
    accessTokenOf(first)
    const before = rotating.refreshGrants

    // The browser kept the old cookie (a response sealed before the refresh arrived last), and
    // the refreshed token is due too by now (a skew longer than its life stands for the hour).
    const later = await getAccessToken(requestWith(stale), config, { provider: "idp", skew: 7200 })

    expect(rotating.refreshGrants).toBe(before + 1)
    const token = accessTokenOf(later)
    expect(token).not.toBe(accessTokenOf(first))
    expect(log.errors).toEqual([])
    // The rotated refresh token was used: the grant is alive, and the new cookie refreshes again.
    const next = await getAccessToken(requestWith(applied(client, later.cookies)), config, {
      provider: "idp",
      forceRefresh: true,
    })
    expect(accessTokenOf(next)).not.toBe(token)
  })

  it("makes one refresh request for two app instances sharing a session store", async () => {
    const { client, config } = await signedIn(rotating)
    await expire(client)
    const store = createMemorySessionStore()
    const instanceA: AuthConfig = { ...config, session: { ...config.session, store } }
    const instanceB: AuthConfig = { ...config, session: { ...config.session, store } }
    const before = rotating.refreshGrants

    const results = await Promise.all(
      Array.from({ length: CONCURRENT_CALLS }, (_, index) =>
        getAccessToken(requestWith(client.cookieHeader()), index % 2 ? instanceA : instanceB, {
          provider: "idp",
        }),
      ),
    )

    expect(rotating.refreshGrants).toBe(before + 1)
    expect(new Set(results.map(accessTokenOf)).size).toBe(1)
  })

  it("re-seals a rotated refresh token, and keeps one the provider does not rotate", async () => {
    for (const [idp, rotates] of [
      [rotating, true],
      [keeping, false],
    ] as const) {
      const { client, config } = await signedIn(idp)
      const old = await storedTokens(client)
      await expire(client)

      const result = await getAccessToken(requestWith(client.cookieHeader()), config, {
        provider: "idp",
      })

      accessTokenOf(result)
      client.store(new Response(null, { headers: cookieHeaders(result.cookies) }))
      const refreshed = await storedTokens(client)
      expect(refreshed.refresh_token !== old.refresh_token).toBe(rotates)
      // And the next refresh works with what was kept.
      await expire(client)
      const next = await getAccessToken(requestWith(client.cookieHeader()), config, {
        provider: "idp",
      })
      expect(accessTokenOf(next)).not.toBe(refreshed.access_token)
    }
  })

  it("sends the refresh through the provider's customFetch", async () => {
    const recording = recordingFetch()
    const { client, config } = await signedIn(rotating, {
      providers: [provider(rotating, { [customFetch]: recording.fetch })],
    })
    await expire(client)
    recording.urls.length = 0

    accessTokenOf(
      await getAccessToken(requestWith(client.cookieHeader()), config, { provider: "idp" }),
    )

    expect(recording.urls.map((url) => url.pathname)).toContain("/token")
  })

  it("gives RefreshAccessTokenError for a revoked refresh token, keeps the tokens and marks the session; a new sign-in clears it", async () => {
    const { client, config, username, log } = await signedIn(rotating)
    const stored = await storedTokens(client)
    await rotating.revokeRefreshToken(String(stored.refresh_token))
    await expire(client)
    const before = await storedTokens(client)
    const grants = rotating.refreshGrants

    const result = await getAccessToken(requestWith(client.cookieHeader()), config, {
      provider: "idp",
    })

    expect(result.code).toBe("RefreshAccessTokenError")
    expect(result.error).toBeInstanceOf(RefreshAccessTokenError)
    expect(result.error?.cause).toMatchObject({ provider: "idp", error: "invalid_grant" })
    expect(rotating.refreshGrants).toBe(grants + 1)
    // Logged as it may be (a copy whose credentials are redacted), so by its message.
    expect(log.errors.map((error) => error.message)).toContain(result.error?.message)
    client.store(new Response(null, { headers: cookieHeaders(result.cookies) }))
    expect(await storedTokens(client)).toEqual({ ...before, error: "RefreshAccessTokenError" })
    expect(await client.session()).toMatchObject({ error: "RefreshAccessTokenError" })
    // A session read from the page, too.
    const { session } = await getSession(requestWith(client.cookieHeader()), config)
    expect(session).toMatchObject({ error: "RefreshAccessTokenError" })

    await signInAtIdp(client, rotating, "idp", username)
    expect((await client.session())?.error).toBeUndefined()
    expect((await storedTokens(client)).refresh_token).not.toBe(before.refresh_token)
  })

  it("keeps a session callback's own error", async () => {
    const { client, config } = await signedIn(rotating, {
      callbacks: { session: ({ session }) => ({ ...session, error: "Mine" }) },
    })
    await rotating.revokeRefreshToken(String((await storedTokens(client)).refresh_token))
    await expire(client)
    const result = await getAccessToken(requestWith(client.cookieHeader()), config, {
      provider: "idp",
    })
    client.store(new Response(null, { headers: cookieHeaders(result.cookies) }))
    expect((await client.session())?.error).toBe("Mine")
  })

  it("answers SessionRequired signed out, and AccountNotFound for a provider the session holds no tokens of", async () => {
    const { client, config } = await signedIn(rotating)
    expect((await getAccessToken(requestWith(""), config, { provider: "idp" })).code).toBe(
      "SessionRequired",
    )
    const tampered = await getAccessToken(requestWith(`${COOKIE}=garbage`), config, {
      provider: "idp",
    })
    expect(tampered.code).toBe("SessionRequired")
    expect(tampered.cookies.map((cookie) => cookie.options.maxAge)).toEqual([0])
    expect(
      (await getAccessToken(requestWith(client.cookieHeader()), config, { provider: "other-idp" }))
        .code,
    ).toBe("AccountNotFound")
  })

  it("keeps the tokens of the user's other providers when an account is linked while signed in", async () => {
    const adapter = MemoryAdapter()
    const { client, config } = await signedIn(rotating, { adapter })
    await signInAtIdp(client, rotating, "other-idp", uniqueUser("other"))
    const token = await sessionToken(client)
    expect(Object.keys(token.providerTokens as object).sort()).toEqual(["idp", "other-idp"])
    for (const provider of ["idp", "other-idp"]) {
      accessTokenOf(await getAccessToken(requestWith(client.cookieHeader()), config, { provider }))
    }
  })

  it("takes a prepared config, as integrations hold it", async () => {
    const { client, config } = await signedIn(rotating)
    const prepared = prepareConfig(config, {})
    accessTokenOf(
      await getAccessToken(requestWith(client.cookieHeader()), prepared, { provider: "idp" }),
    )
  })
})

function cookieHeaders(cookies: Cookie[]): Headers {
  const headers = new Headers()
  for (const value of setCookieHeaders(cookies)) headers.append("set-cookie", value)
  return headers
}
