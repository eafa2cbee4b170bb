/**
 * `getAccessToken` with database sessions against the real `oidc-provider` (refresh tokens on):
 * the account row read, refreshed once however many calls ask at once, written back; a failed
 * refresh leaves the row as it was and marks the session. Registered by core on its in-memory
 * adapter and by `@auth/pg-adapter` on PGlite and PostgreSQL. One store per suite; every test
 * signs in a user of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Adapter, AdapterAccount } from "../../src/adapters.js"
import { RefreshAccessTokenError } from "../../src/errors.js"
import { createMemorySessionStore } from "../../src/internal/session-store/memory.js"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import { type AccessTokenResult, getAccessToken } from "../../src/server.js"
import type { AuthConfig, Profile } from "../../src/types.js"
import { APP_ORIGIN, callbackUrl, createApp, signInAtIdp } from "../oauth/flow.js"
import type { TestBackend, TestStore } from "./backend.js"
import type { AuthClient } from "./client.js"
import { type Idp, startIdentityProvider } from "./idp.js"

/** How many calls ask at once in the counting tests. */
const CONCURRENT_CALLS = 50

/** A page request of the app, with the browser's cookies. */
export function pageRequest(client: AuthClient): Request {
  return new Request(`${APP_ORIGIN}/dashboard`, { headers: { cookie: client.cookieHeader() } })
}

/** A username no other test signs in with. */
function uniqueUser(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}`
}

/** The access token of a result, asserting there is one. */
function accessTokenOf(result: AccessTokenResult): string {
  expect(result.error, result.error?.message).toBeUndefined()
  return result.accessToken as string
}

/** Registers the database-session suite of `getAccessToken` on `backend`. */
export function describeAccessTokensWithDatabase(backend: TestBackend): void {
  /** Rotates refresh tokens (every refresh answers with a new one). */
  let rotating: Idp
  /** Keeps refresh tokens (the same one is valid for every refresh). */
  let keeping: Idp
  /** Issues no refresh tokens. */
  let withoutRefresh: Idp
  /** One store for the suite: every test signs in a user of its own. */
  let store: TestStore | undefined

  beforeAll(async () => {
    if (backend.skip) return
    ;[rotating, keeping, withoutRefresh, store] = await Promise.all([
      startIdentityProvider({ refreshTokens: true, rotateRefreshTokens: true }),
      startIdentityProvider({ refreshTokens: true, rotateRefreshTokens: false }),
      startIdentityProvider(),
      backend.open(),
    ])
    for (const idp of [rotating, keeping, withoutRefresh]) {
      idp.setRedirectUris(["idp", "other-idp"].map((id) => callbackUrl(id)))
    }
  })

  afterAll(async () => {
    await Promise.all([
      rotating?.close(),
      keeping?.close(),
      withoutRefresh?.close(),
      store?.close(),
    ])
  })

  function provider(idp: Idp, overrides: Partial<OIDCConfig<Profile>> = {}) {
    return { ...idp.oidcProvider("client_secret_basic"), ...overrides } as OIDCConfig<Profile>
  }

  /** An app on database sessions, signed in as a new user at `idp`. */
  async function signedIn(idp: Idp, config: Partial<AuthConfig> = {}) {
    const adapter = store!.adapter
    const username = uniqueUser("user")
    const app = createApp({
      adapter,
      session: { strategy: "database" },
      providers: [provider(idp), provider(idp, { id: "other-idp", name: "Other" })],
      ...config,
    })
    await signInAtIdp(app.client, idp, "idp", username)
    const account = () => stored(adapter, username)
    return { ...app, adapter, username, account }
  }

  async function stored(adapter: Adapter, username: string): Promise<AdapterAccount> {
    const account = await adapter.getAccount!(username, "idp")
    expect(account).not.toBeNull()
    return account!
  }

  /** Makes the stored access token look expired (the provider still takes it). */
  async function expire(adapter: Adapter, username: string): Promise<void> {
    const expiresAt = Math.floor(Date.now() / 1000) - 10
    await adapter.updateAccount!({
      provider: "idp",
      providerAccountId: username,
      expires_at: expiresAt,
    })
  }

  describe.skipIf(backend.skip === true)(
    `getAccessToken (database sessions, ${backend.name})`,
    () => {
      it("hands out the stored access token while it is valid, without asking the provider", async () => {
        const { client, config, account, log } = await signedIn(rotating)
        const before = rotating.refreshGrants
        const row = await account()

        const result = await getAccessToken(pageRequest(client), config, { provider: "idp" })

        expect(result).toEqual({
          accessToken: row.access_token,
          expiresAt: row.expires_at,
          scope: "openid profile email",
          tokenType: "bearer",
          cookies: [],
        })
        expect(row.refresh_token).toBeTruthy()
        expect(rotating.refreshGrants).toBe(before)
        expect(log.errors).toEqual([])
      })

      it("refreshes an expired access token once, writes the new tokens to the account row and hands them out", async () => {
        const { client, config, adapter, username, account, log } = await signedIn(rotating)
        await expire(adapter, username)
        const old = await account()
        const before = rotating.refreshGrants

        const first = await getAccessToken(pageRequest(client), config, { provider: "idp" })
        const second = await getAccessToken(pageRequest(client), config, { provider: "idp" })

        expect(rotating.refreshGrants).toBe(before + 1)
        const row = await account()
        expect(accessTokenOf(first)).toBe(row.access_token)
        expect(row.access_token).not.toBe(old.access_token)
        expect(row.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500)
        expect(first).toMatchObject({ expiresAt: row.expires_at })
        expect(accessTokenOf(second)).toBe(row.access_token)
        expect(log.errors).toEqual([])
        // The new token works at the provider.
        const userinfo = await fetch(`${rotating.issuer}/me`, {
          headers: { authorization: `Bearer ${row.access_token}` },
        })
        expect(((await userinfo.json()) as { sub: string }).sub).toBe(username)
      })

      it(`makes exactly one refresh request for ${CONCURRENT_CALLS} concurrent calls with one expired token, and gives all of them the new token`, async () => {
        const { client, config, adapter, username, account } = await signedIn(rotating)
        await expire(adapter, username)
        const before = rotating.refreshGrants

        const results = await Promise.all(
          Array.from({ length: CONCURRENT_CALLS }, () =>
            getAccessToken(pageRequest(client), config, { provider: "idp" }),
          ),
        )

        expect(rotating.refreshGrants).toBe(before + 1)
        const tokens = new Set(results.map(accessTokenOf))
        expect([...tokens]).toEqual([(await account()).access_token])
      })

      it("makes one refresh request for two app instances sharing a lock store: the loser takes the winner's row", async () => {
        const { client, adapter, username, account, config } = await signedIn(rotating)
        await expire(adapter, username)
        // Two instances: their own config (so their own in-process flights), one adapter, one
        // session store (as a shared Redis would be).
        const store = createMemorySessionStore()
        const instanceA: AuthConfig = { ...config, session: { ...config.session, store } }
        const instanceB: AuthConfig = { ...config, session: { ...config.session, store } }
        const before = rotating.refreshGrants

        const results = await Promise.all(
          Array.from({ length: CONCURRENT_CALLS }, (_, index) =>
            getAccessToken(pageRequest(client), index % 2 ? instanceA : instanceB, {
              provider: "idp",
            }),
          ),
        )

        expect(rotating.refreshGrants).toBe(before + 1)
        expect(new Set(results.map(accessTokenOf))).toEqual(
          new Set([(await account()).access_token]),
        )
      })

      it("replaces a rotated refresh token in the row, and refreshes again with it", async () => {
        const { client, config, adapter, username, account } = await signedIn(rotating)
        const original = (await account()).refresh_token
        await expire(adapter, username)
        accessTokenOf(await getAccessToken(pageRequest(client), config, { provider: "idp" }))
        const rotated = (await account()).refresh_token
        expect(rotated).toBeTruthy()
        expect(rotated).not.toBe(original)

        await expire(adapter, username)
        const again = await getAccessToken(pageRequest(client), config, { provider: "idp" })

        expect(accessTokenOf(again)).toBe((await account()).access_token)
        expect((await account()).refresh_token).not.toBe(rotated)
      })

      it("keeps a refresh token the provider does not rotate, and refreshes again with it", async () => {
        const { client, config, adapter, username, account } = await signedIn(keeping)
        const original = (await account()).refresh_token
        const before = keeping.refreshGrants
        for (let round = 0; round < 2; round += 1) {
          await expire(adapter, username)
          const result = await getAccessToken(pageRequest(client), config, { provider: "idp" })
          expect(accessTokenOf(result)).toBe((await account()).access_token)
          expect((await account()).refresh_token).toBe(original)
        }
        expect(keeping.refreshGrants).toBe(before + 2)
      })

      it("keeps the stored refresh token when the provider sends none back", async () => {
        // A provider that keeps its refresh tokens and, like Google, leaves them out of the answer.
        const withoutRefreshToken: typeof fetch = async (input, init) => {
          const response = await fetch(input, init)
          const url = new URL(input instanceof Request ? input.url : input)
          if (url.pathname !== "/token" || !String(init?.body).includes("refresh_token")) {
            return response
          }
          const { refresh_token: _dropped, ...body } = (await response.json()) as Record<
            string,
            unknown
          >
          return Response.json(body, { status: response.status })
        }
        const { customFetch } = await import("../../src/index.js")
        const { client, config, adapter, username, account } = await signedIn(keeping, {
          providers: [provider(keeping, { [customFetch]: withoutRefreshToken })],
        })
        const original = (await account()).refresh_token
        await expire(adapter, username)

        const result = await getAccessToken(pageRequest(client), config, { provider: "idp" })

        expect(accessTokenOf(result)).toBe((await account()).access_token)
        expect((await account()).refresh_token).toBe(original)
      })

      it("gives RefreshAccessTokenError for a revoked refresh token, leaves the row unchanged and marks the session; a new sign-in stores new tokens", async () => {
        const { client, config, adapter, username, account, log } = await signedIn(rotating)
        expect(Object.keys((await client.session()) ?? {}).sort()).toEqual(["expires", "user"])
        await rotating.revokeRefreshToken((await account()).refresh_token!)
        await expire(adapter, username)
        const before = await account()
        const grants = rotating.refreshGrants

        const result = await getAccessToken(pageRequest(client), config, { provider: "idp" })

        expect(result.code).toBe("RefreshAccessTokenError")
        expect(result.error).toBeInstanceOf(RefreshAccessTokenError)
        expect(result.error?.cause).toMatchObject({ provider: "idp", error: "invalid_grant" })
        expect(result.cookies).toEqual([])
        expect(rotating.refreshGrants).toBe(grants + 1)
        expect(await account()).toEqual(before)
        // Logged as it may be (a copy whose credentials are redacted), so by its message.
        expect(log.errors.map((error) => error.message)).toContain(result.error?.message)
        expect(await client.session()).toMatchObject({ error: "RefreshAccessTokenError" })

        // Signing in with the provider again stores its new tokens and lifts the mark.
        await signInAtIdp(client, rotating, "idp", username)
        const renewed = await account()
        expect(renewed.refresh_token).not.toBe(before.refresh_token)
        expect((await client.session())?.error).toBeUndefined()
        await expire(adapter, username)
        const after = await getAccessToken(pageRequest(client), config, { provider: "idp" })
        expect(accessTokenOf(after)).toBe((await account()).access_token)
      })

      it("gives RefreshAccessTokenError while the provider is down, and refreshes once it is back", async () => {
        const { client, config, adapter, username, account } = await signedIn(rotating)
        await expire(adapter, username)
        const before = await account()
        rotating.failNext("token", { error: "temporarily_unavailable", status: 503 })

        const failed = await getAccessToken(pageRequest(client), config, { provider: "idp" })

        expect(failed.code).toBe("RefreshAccessTokenError")
        expect(failed.error?.cause).toMatchObject({ provider: "idp", status: 503 })
        expect(await account()).toEqual(before)
        expect((await client.session())?.error).toBe("RefreshAccessTokenError")

        const retried = await getAccessToken(pageRequest(client), config, { provider: "idp" })

        expect(accessTokenOf(retried)).toBe((await account()).access_token)
        expect((await client.session())?.error).toBeUndefined()
      })

      it("refreshes on forceRefresh before the token expires", async () => {
        const { client, config, account } = await signedIn(keeping)
        const old = (await account()).access_token
        const result = await getAccessToken(pageRequest(client), config, {
          provider: "idp",
          forceRefresh: true,
        })
        expect(accessTokenOf(result)).not.toBe(old)
        expect(accessTokenOf(result)).toBe((await account()).access_token)
      })

      it("gives RefreshAccessTokenError for an expired token without a refresh token, without asking the provider", async () => {
        const { client, config, adapter, username, account } = await signedIn(withoutRefresh)
        expect((await account()).refresh_token).toBeUndefined()
        await expire(adapter, username)
        const before = await account()
        const grants = withoutRefresh.refreshGrants

        const result = await getAccessToken(pageRequest(client), config, { provider: "idp" })

        expect(result.code).toBe("RefreshAccessTokenError")
        expect(result.error?.message).toContain("no refresh token")
        expect(withoutRefresh.refreshGrants).toBe(grants)
        expect(await account()).toEqual(before)
      })

      it("answers SessionRequired signed out, AccountNotFound for a provider not linked, Configuration for an unknown one", async () => {
        const { client, config, log } = await signedIn(rotating)
        const signedOut = new Request(`${APP_ORIGIN}/dashboard`)
        expect((await getAccessToken(signedOut, config, { provider: "idp" })).code).toBe(
          "SessionRequired",
        )
        expect(
          (await getAccessToken(pageRequest(client), config, { provider: "other-idp" })).code,
        ).toBe("AccountNotFound")
        expect(log.errors).toEqual([])
        const unknown = await getAccessToken(pageRequest(client), config, { provider: "nope" })
        expect(unknown.code).toBe("Configuration")
        expect(unknown.error?.message).toContain('"nope"')
      })
    },
  )
}
