/**
 * The session cache cookie of database sessions (`session.cookieCache`) through `Auth()`: reads
 * answered without the adapter while it is fresh, re-read after `maxAge`, bound to its session,
 * re-issued on `update()`, cleared on sign-out, and a revocation on one instance refused on
 * another at once when they share a session store (within `maxAge` without one). Registered by
 * core on the memory adapter (memory store, and Redis) and by `@auth/pg-adapter` on PGlite and
 * PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { AdapterUser } from "../../src/adapters.js"
import Credentials from "../../src/providers/credentials.js"
import type { AuthConfig, SessionInfo, SessionStore } from "../../src/types.js"
import { recordAdapter, type TestBackend, type TestStore, uniqueEmail } from "./backend.js"
import { AuthClient, recordingLogger, SECRET, setCookies } from "./client.js"

const SESSION = "authjs.session-token"
const CACHE = "authjs.session-cache"
const MAX_AGE_SECONDS = 300

/** What the suite runs on: the adapter's backend, and the session store each instance opens. */
export interface SessionCacheTarget {
  backend: TestBackend
  /** Opens a store for one instance (its own client); the in-memory default when absent. */
  store?: () => Promise<{ store: SessionStore; close(): Promise<void> }>
}

/** Registers the suite on a target. */
export function describeSessionCache(target: SessionCacheTarget): void {
  const { backend } = target
  describe.skipIf(backend.skip === true)(`session cache cookie (${backend.name})`, () => {
    let store: TestStore
    const closers: Array<() => Promise<void>> = []

    beforeAll(async () => {
      store = await backend.open()
    })

    afterAll(async () => {
      for (const close of closers) await close()
      await store?.close()
    })

    afterEach(() => {
      vi.useRealTimers()
    })

    async function storedUser(): Promise<AdapterUser> {
      return store.adapter.createUser!({
        id: crypto.randomUUID(),
        email: uniqueEmail("cache"),
        name: "Lin",
        emailVerified: null,
      })
    }

    /**
     * One instance of the app with the cache on, its adapter calls recorded. Instances made with
     * `shared` use that session store; others open their own (or the in-memory default).
     */
    async function instance(user: AdapterUser, overrides: Partial<AuthConfig> = {}) {
      const recorded = recordAdapter(store.adapter)
      const logger = recordingLogger()
      const opened = target.store ? await target.store() : undefined
      if (opened) closers.push(opened.close)
      const sessionCalls: unknown[] = []
      const config: AuthConfig = {
        secret: SECRET,
        trustHost: true,
        trustedProxies: [],
        adapter: recorded.adapter,
        logger: logger.logger,
        providers: [
          Credentials({
            credentials: { password: { type: "password" } },
            authorize: ({ password }) => (password === "secret" ? user : null),
          }),
        ],
        callbacks: {
          session: ({ session, newSession }) => {
            sessionCalls.push(newSession)
            const nickname = (newSession as { nickname?: string } | undefined)?.nickname
            const shaped = { user: { email: session.user.email }, expires: session.expires }
            return nickname ? { ...shaped, nickname } : shaped
          },
        },
        ...overrides,
        session: {
          strategy: "database",
          cookieCache: { maxAge: MAX_AGE_SECONDS },
          ...(opened ? { store: opened.store } : {}),
          ...overrides.session,
        },
      }
      return { config, recorded, logger, sessionCalls }
    }

    /** A device signed in as `user` through `config`. */
    async function signedIn(config: AuthConfig): Promise<AuthClient> {
      const client = new AuthClient(config)
      const response = await client.signInWithCredentials({ password: "secret" })
      expect(response.status).toBe(302)
      return client
    }

    function reads(recorded: ReturnType<typeof recordAdapter>): number {
      return recorded.argsOf("getSessionAndUser").length
    }

    it("answers reads from the cache cookie without the adapter while it is fresh", async () => {
      const user = await storedUser()
      const { config, recorded, sessionCalls } = await instance(user)
      const client = await signedIn(config)
      const first = await client.get("/session")
      const body = await first.json()
      expect(body).toMatchObject({ user: { email: user.email } })
      const cache = setCookies(first).find((cookie) => cookie.name === CACHE)
      expect(cache?.attributes).toMatchObject({ httponly: true, path: "/", samesite: "Lax" })
      const expires = Date.parse(String(cache?.attributes.expires))
      expect(Math.abs(expires - (Date.now() + MAX_AGE_SECONDS * 1000))).toBeLessThan(2_000)
      expect(reads(recorded)).toBe(1)

      for (let index = 0; index < 3; index++) {
        const again = await client.get("/session")
        expect(await again.json()).toEqual(body)
        // Nothing to re-issue: the cache stays as it is, and so does the session's expiry.
        expect(setCookies(again)).toEqual([])
      }
      expect(reads(recorded)).toBe(1)
      // The callback shapes every read, from the cached session and user.
      expect(sessionCalls).toHaveLength(4)
    })

    it("reads the database again once the cache is older than maxAge, and re-issues it", async () => {
      const t0 = Date.now()
      vi.useFakeTimers({ now: t0, toFake: ["Date"] })
      const user = await storedUser()
      const { config, recorded } = await instance(user)
      const client = await signedIn(config)
      await client.session()
      const before = client.jar.get(CACHE)
      vi.setSystemTime(t0 + MAX_AGE_SECONDS * 1000 - 1_000)
      await client.session()
      expect(reads(recorded)).toBe(1)
      vi.setSystemTime(t0 + MAX_AGE_SECONDS * 1000 + 1_000)
      // The browser still sends the cookie it had (a clock ahead of the server's, say).
      if (before !== undefined) client.jar.set(CACHE, before)
      expect(await client.session()).toMatchObject({ user: { email: user.email } })
      expect(reads(recorded)).toBe(2)
      expect(client.jar.get(CACHE)).not.toBe(before)
    })

    it("ignores a cache cookie of another session, or a tampered one, and reads the database", async () => {
      const ada = await storedUser()
      const bob = await storedUser()
      const adaApp = await instance(ada)
      const bobApp = await instance(bob)
      const adaClient = await signedIn(adaApp.config)
      const bobClient = await signedIn(bobApp.config)
      await adaClient.session()
      await bobClient.session()
      // Ada's session cookie with Bob's cache cookie (a planted one) is Ada's session.
      adaClient.jar.set(CACHE, bobClient.jar.get(CACHE)!)
      expect(await adaClient.session()).toMatchObject({ user: { email: ada.email } })
      expect(reads(adaApp.recorded)).toBe(2)
      const value = adaClient.jar.get(CACHE)!
      adaClient.jar.set(CACHE, `${value.slice(0, -4)}AAAA`)
      expect(await adaClient.session()).toMatchObject({ user: { email: ada.email } })
      expect(reads(adaApp.recorded)).toBe(3)
      expect(adaApp.logger.errors).toEqual([])
    })

    it("update() reads the database with the new data and re-issues the cache", async () => {
      const user = await storedUser()
      const { config, recorded, sessionCalls } = await instance(user)
      const client = await signedIn(config)
      await client.session()
      const csrfToken = await client.csrfToken()
      const updated = await client.postJson("/session", { csrfToken, data: { nickname: "lin" } })
      expect(await updated.json()).toMatchObject({ nickname: "lin" })
      expect(setCookies(updated).some((cookie) => cookie.name === CACHE)).toBe(true)
      expect(reads(recorded)).toBe(2)
      expect(sessionCalls.at(-1)).toEqual({ nickname: "lin" })
      // As without the cache, the update's data reached that one callback: a read after it
      // answers from the re-issued cache, with the stored session.
      const after = await client.session()
      expect(after).toMatchObject({ user: { email: user.email } })
      expect(after).not.toHaveProperty("nickname")
      expect(reads(recorded)).toBe(2)
    })

    it("gives the callback the cached session and user as the adapter gave them, dates included", async () => {
      const user = await storedUser()
      const seen: Array<{ expires: unknown; emailVerified: unknown; token: unknown }> = []
      const { config, recorded } = await instance(user, {
        callbacks: {
          session: ({ session, user: stored }) => {
            seen.push({
              expires: session.expires,
              emailVerified: stored.emailVerified,
              token: (session as unknown as { sessionToken?: string }).sessionToken,
            })
            return { user: { email: stored.email }, expires: session.expires }
          },
        },
      })
      const client = await signedIn(config)
      const first = await client.session()
      const second = await client.session()
      expect(second).toEqual(first)
      expect(reads(recorded)).toBe(1)
      const [fromDatabase, fromCache] = seen
      expect(fromCache?.expires).toBeInstanceOf(Date)
      expect(fromCache).toEqual(fromDatabase)
      // The token is the session cookie's, never written into the cache cookie.
      expect(fromCache?.token).toBe(client.jar.get(SESSION))
      expect(client.jar.get(CACHE)).not.toContain(client.jar.get(SESSION))
    })

    it("sign-out clears both cookies, and copies of them taken before are signed out", async () => {
      const user = await storedUser()
      const { config } = await instance(user)
      const client = await signedIn(config)
      await client.session()
      const copy = new AuthClient(config)
      for (const [name, value] of client.jar) copy.jar.set(name, value)
      const csrfToken = await client.csrfToken()
      const response = await client.postForm("/signout", { csrfToken })
      expect(response.status).toBe(302)
      const cleared = setCookies(response).filter((cookie) => cookie.attributes["max-age"] === "0")
      expect(cleared.map((cookie) => cookie.name).sort()).toEqual([CACHE, SESSION])
      expect(await copy.session()).toBeNull()
      expect(copy.jar.has(CACHE)).toBe(false)
    })

    // Two instances share a store only when the target opens one (Redis): see the next test for one.
    const acrossInstances = target.store ? it : undefined
    acrossInstances?.(
      "a device revoked on one instance is refused on another at once, through the store",
      async () => {
        const user = await storedUser()
        const laptopApp = await instance(user)
        const phoneApp = await instance(user)
        const laptop = await signedIn(laptopApp.config)
        const phone = await signedIn(phoneApp.config)
        expect(await phone.session()).not.toBeNull()
        const sessions = (await (await laptop.get("/sessions")).json()) as {
          sessions: SessionInfo[]
        }
        const phoneId = sessions.sessions.find((session) => !session.current)?.id
        const csrfToken = await laptop.csrfToken()
        const revoked = await laptop.postForm("/sessions/revoke", {
          sessionId: phoneId!,
          csrfToken,
        })
        expect(await revoked.json()).toEqual({ revoked: 1 })
        expect(await phone.session()).toBeNull()
        expect(phone.jar.has(CACHE)).toBe(false)
      },
    )

    it("with one store, a revoked device is refused at once; with store: false, within maxAge", async () => {
      const t0 = Date.now()
      vi.useFakeTimers({ now: t0, toFake: ["Date"] })
      const user = await storedUser()
      for (const shared of [true, false]) {
        const app = await instance(user, shared ? {} : { session: { store: false } })
        const laptop = await signedIn(app.config)
        const phone = await signedIn(app.config)
        expect(await phone.session()).not.toBeNull()
        const csrfToken = await laptop.csrfToken()
        const revoked = await laptop.postForm("/sessions/revoke", { scope: "others", csrfToken })
        expect(((await revoked.json()) as { revoked: number }).revoked).toBeGreaterThanOrEqual(1)
        if (shared) {
          expect(await phone.session()).toBeNull()
          continue
        }
        // No store to note the revocation in: the phone's cache is taken until it is stale.
        expect(await phone.session()).not.toBeNull()
        vi.setSystemTime(t0 + MAX_AGE_SECONDS * 1000 + 1_000)
        expect(await phone.session()).toBeNull()
      }
    })

    it("sets no cache cookie unless session.cookieCache is set, as Auth.js", async () => {
      const user = await storedUser()
      const { config, recorded } = await instance(user, {
        session: { strategy: "database", cookieCache: false },
      })
      const client = await signedIn(config)
      for (let index = 0; index < 2; index++) {
        const response = await client.get("/session")
        expect(setCookies(response).map((cookie) => cookie.name)).toEqual([SESSION])
      }
      expect(reads(recorded)).toBe(2)
    })
  })
}
