/**
 * Core's flows with the PostgreSQL store as `session.store`, each instance of the app with a
 * store of its own on the one database (on PostgreSQL, a pool of its own): JWT sessions revoked
 * through `Auth()` on one instance are refused by the other (core's session management suite),
 * and `getAccessToken` on two instances makes one refresh request between them (database
 * sessions; JWT sessions, where a third instance then serves a stale cookie the winner's tokens
 * from the store), with nothing but PostgreSQL shared. PGlite always, PostgreSQL with
 * `DATABASE_URL`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"
import { decode, encode } from "../../core/src/jwt.js"
import { getAccessToken } from "../../core/src/server.js"
import type { AuthConfig } from "../../core/src/types.js"
import { APP_ORIGIN, callbackUrl, createApp, signInAtIdp } from "../../core/test/oauth/flow.js"
import { SECRET } from "../../core/test/support/client.js"
import { type Idp, startIdentityProvider } from "../../core/test/support/idp.js"
import { describeSessionManagement } from "../../core/test/support/session-management-suite.js"
import { PostgresAdapter } from "../src/index.js"
import { type StoreDatabase, storeBackends } from "./store-databases.js"

/** Concurrent `getAccessToken` calls on each instance. */
const CALLS_PER_INSTANCE = 25
const SESSION_COOKIE = "authjs.session-token"

for (const backend of storeBackends) {
  let database: StoreDatabase
  describeSessionManagement({
    backend: {
      name: `PostgresAdapter, revocations in the PostgreSQL store on ${backend.name}`,
      skip: backend.skip,
      async open() {
        database = await backend.open()
        return {
          adapter: PostgresAdapter(database.admin, { schema: database.schema }),
          close: () => database.close(),
        }
      },
    },
    // Database sessions never use the store.
    strategies: ["jwt"],
    store: async () => ({ store: database.instance(), close: async () => {} }),
  })

  describe.skipIf(backend.skip)(
    `getAccessToken on two instances sharing the PostgreSQL store (${backend.name})`,
    () => {
      let idp: Idp
      let shared: StoreDatabase

      beforeAll(async () => {
        ;[idp, shared] = await Promise.all([
          startIdentityProvider({ refreshTokens: true, rotateRefreshTokens: true }),
          backend.open(),
        ])
        idp.setRedirectUris([callbackUrl("idp")])
      })

      afterAll(async () => {
        await Promise.all([idp?.close(), shared?.close()])
      })

      it(
        `makes one refresh request for ${CALLS_PER_INSTANCE * 2} concurrent calls on both`,
        async () => {
          const adapter = PostgresAdapter(shared.admin, { schema: shared.schema })
          const { client, config } = createApp({
            adapter,
            session: { strategy: "database" },
            providers: [idp.oidcProvider("client_secret_basic")],
          })
          const username = `user-${crypto.randomUUID().slice(0, 8)}`
          await signInAtIdp(client, idp, "idp", username)
          const old = await adapter.getAccount!(username, "idp")
          // The stored access token made to look expired (the provider still takes it).
          await adapter.updateAccount!({
            provider: "idp",
            providerAccountId: username,
            expires_at: Math.floor(Date.now() / 1000) - 10,
          })
          // Two config objects are two instances to core: each has its own in-process flights.
          const instances: AuthConfig[] = [0, 1].map(() => ({
            ...config,
            session: { strategy: "database", store: shared.instance() },
          }))
          const request = () =>
            new Request(`${APP_ORIGIN}/dashboard`, { headers: { cookie: client.cookieHeader() } })
          const before = idp.refreshGrants

          const results = await Promise.all(
            instances.flatMap((instance) =>
              Array.from({ length: CALLS_PER_INSTANCE }, () =>
                getAccessToken(request(), instance, { provider: "idp" }),
              ),
            ),
          )

          expect(results.filter((result) => result.error)).toEqual([])
          const row = await adapter.getAccount!(username, "idp")
          expect(row?.access_token).not.toBe(old?.access_token)
          expect(row?.refresh_token).not.toBe(old?.refresh_token)
          expect(new Set(results.map((result) => result.accessToken))).toEqual(
            new Set([row?.access_token]),
          )
          expect(idp.refreshGrants).toBe(before + 1)
        },
        scaled(60_000),
      )

      it(
        "with JWT sessions: one refresh on both, and the other instance serves a stale cookie from the store",
        async () => {
          const signIn = createApp({
            session: { strategy: "jwt", storeTokens: true, store: shared.instance() },
            providers: [idp.oidcProvider("client_secret_basic")],
          })
          await signInAtIdp(signIn.client, idp, "idp", `user-${crypto.randomUUID().slice(0, 8)}`)
          const stale = await expiredCookie(signIn.client.cookieHeader())
          const instances: AuthConfig[] = [0, 1].map(() => ({
            ...signIn.config,
            session: { strategy: "jwt", storeTokens: true, store: shared.instance() },
          }))
          const request = () =>
            new Request(`${APP_ORIGIN}/dashboard`, { headers: { cookie: stale } })
          const before = idp.refreshGrants

          const results = await Promise.all(
            instances.flatMap((instance) =>
              Array.from({ length: CALLS_PER_INSTANCE }, () =>
                getAccessToken(request(), instance, { provider: "idp" }),
              ),
            ),
          )

          expect(results.filter((result) => result.error)).toEqual([])
          const tokens = new Set(results.map((result) => result.accessToken))
          expect(tokens.size).toBe(1)
          expect(idp.refreshGrants).toBe(before + 1)
          // A tab that still sends the old cookie, on a third instance: the winner's entry in the
          // store answers it, without spending the rotated-away refresh token.
          const third = {
            ...instances[0]!,
            session: { ...instances[0]!.session, store: shared.instance() },
          }
          const late = await getAccessToken(request(), third, { provider: "idp" })
          expect(late.error).toBeUndefined()
          expect(tokens.has(late.accessToken)).toBe(true)
          expect(idp.refreshGrants).toBe(before + 1)
        },
        scaled(60_000),
      )
    },
  )
}

/** The session cookie of `cookieHeader` with its stored access token made to look expired. */
async function expiredCookie(cookieHeader: string): Promise<string> {
  const value = new URLSearchParams(cookieHeader.replaceAll("; ", "&")).get(SESSION_COOKIE)
  const token = await decode({ token: value ?? "", secret: SECRET, salt: SESSION_COOKIE })
  const entries = token!.providerTokens as Record<string, Record<string, unknown>>
  entries.idp!.expires_at = Math.floor(Date.now() / 1000) - 10
  return `${SESSION_COOKIE}=${await encode({ token: token!, secret: SECRET, salt: SESSION_COOKIE })}`
}
