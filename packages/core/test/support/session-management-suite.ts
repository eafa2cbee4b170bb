/**
 * Session management through `Auth()` with both strategies: two devices of one user list and
 * revoke each other's sessions (`GET /sessions`, `POST /sessions/revoke`), with the `signOut`
 * event for each. Registered by core on the memory adapter and memory store, by core again on
 * Redis, and by `@auth/pg-adapter` on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AdapterUser } from "../../src/adapters.js"
import Credentials from "../../src/providers/credentials.js"
import type { AuthConfig, SessionInfo, SessionStore } from "../../src/types.js"
import { type TestBackend, type TestStore, uniqueEmail } from "./backend.js"
import { AuthClient, recordingLogger, SECRET } from "./client.js"

/** What a suite runs on: the adapter's backend, and the JWT session store (memory when none). */
export interface SessionManagementTarget {
  backend: TestBackend
  /** Opens a store for one config, as one instance of the app would (its own client). */
  store?: () => Promise<{ store: SessionStore; close(): Promise<void> }>
  /** The strategies to run. @default both */
  strategies?: ReadonlyArray<"jwt" | "database">
}

type Listed = SessionInfo

/** Registers the suite on a target, for both strategies. */
export function describeSessionManagement(target: SessionManagementTarget): void {
  const { backend } = target
  for (const strategy of target.strategies ?? (["jwt", "database"] as const)) {
    describe.skipIf(backend.skip === true)(
      `session management, ${strategy} (${backend.name})`,
      () => {
        let store: TestStore
        const closers: Array<() => Promise<void>> = []

        beforeAll(async () => {
          store = await backend.open()
        })

        afterAll(async () => {
          for (const close of closers) await close()
          await store?.close()
        })

        async function storedUser(): Promise<AdapterUser> {
          return store.adapter.createUser!({
            id: crypto.randomUUID(),
            email: uniqueEmail("sessions"),
            name: "Grace",
            emailVerified: null,
          })
        }

        /** One instance of the app: its config, with its own connection to the shared store. */
        async function instance(user: AdapterUser) {
          const events: unknown[] = []
          const opened = target.store ? await target.store() : undefined
          if (opened) closers.push(opened.close)
          const config: AuthConfig = {
            secret: SECRET,
            trustHost: true,
            adapter: store.adapter,
            trustedProxies: [],
            logger: recordingLogger().logger,
            session: { strategy, ...(opened ? { store: opened.store } : {}) },
            providers: [
              Credentials({
                credentials: { password: { type: "password" } },
                authorize: ({ password }) => (password === "secret" ? user : null),
              }),
            ],
            events: { signOut: (message) => void events.push(message) },
          }
          return { config, events }
        }

        /** A device signed in as `user` on an instance, with its own browser and address. */
        async function device(config: AuthConfig, name: string, address: string) {
          const client = new AuthClient(config, "http://localhost:3000", "/auth", address)
          const agent = { "user-agent": `${name} browser` }
          const csrfToken = await client.csrfToken()
          const response = await client.postForm(
            "/callback/credentials",
            { password: "secret", csrfToken },
            agent,
          )
          expect(response.status).toBe(302)
          expect(await client.session()).not.toBeNull()
          return client
        }

        async function list(client: AuthClient): Promise<Listed[]> {
          const response = await client.get("/sessions")
          expect(response.status).toBe(200)
          expect(response.headers.get("cache-control")).toContain("no-store")
          return ((await response.json()) as { sessions: Listed[] }).sessions
        }

        async function revoke(client: AuthClient, fields: Record<string, string>) {
          const csrfToken = await client.csrfToken()
          const response = await client.postForm("/sessions/revoke", { ...fields, csrfToken })
          return {
            status: response.status,
            body: (await response.json()) as Record<string, unknown>,
          }
        }

        it("answers 401 SessionRequired to a signed-out request", async () => {
          const { config } = await instance(await storedUser())
          const client = new AuthClient(config)
          const response = await client.get("/sessions")
          expect(response.status).toBe(401)
          expect(await response.json()).toEqual({ error: "SessionRequired" })
          const csrfToken = await client.csrfToken()
          const post = await client.postForm("/sessions/revoke", { scope: "all", csrfToken })
          expect(post.status).toBe(401)
        })

        it("lists both devices of a user, this one marked, with browser and address", async () => {
          const { config } = await instance(await storedUser())
          const laptop = await device(config, "Laptop", "192.0.2.10")
          const phone = await device(config, "Phone", "192.0.2.20")
          const sessions = await list(laptop)
          expect(sessions).toHaveLength(2)
          const mine = sessions.find((session) => session.current)!
          expect(mine).toMatchObject({ userAgent: "Laptop browser", ip: "192.0.2.10" })
          const other = sessions.find((session) => !session.current)!
          expect(other).toMatchObject({ userAgent: "Phone browser", ip: "192.0.2.20" })
          expect(Date.parse(other.createdAt!)).toBeGreaterThan(Date.now() - 60_000)
          expect(other.lastUsedAt).not.toBeNull()
          // The phone sees the same two, itself marked.
          const fromPhone = await list(phone)
          expect(fromPhone.find((session) => session.current)?.id).toBe(other.id)
          // No session token leaves the cookie.
          const cookieValues = [...laptop.jar.values(), ...phone.jar.values()]
          const body = JSON.stringify(sessions)
          for (const value of cookieValues) expect(body).not.toContain(value)
        })

        it("revokes another device by id: it is signed out on its next request", async () => {
          const { config, events } = await instance(await storedUser())
          const laptop = await device(config, "Laptop", "192.0.2.10")
          const phone = await device(config, "Phone", "192.0.2.20")
          const phoneId = (await list(laptop)).find((session) => !session.current)!.id
          expect(await revoke(laptop, { sessionId: phoneId })).toEqual({
            status: 200,
            body: { revoked: 1 },
          })
          expect(await phone.session()).toBeNull()
          expect(await laptop.session()).not.toBeNull()
          expect((await list(laptop)).map((session) => session.current)).toEqual([true])
          expect(events).toHaveLength(1)
        })

        it("answers an unknown or foreign id as revoked, and revokes nothing", async () => {
          const first = await instance(await storedUser())
          const second = await instance(await storedUser())
          const mallory = await device(first.config, "Mallory", "192.0.2.66")
          const victim = await device(second.config, "Victim", "192.0.2.77")
          const victimId = (await list(victim))[0]!.id
          // Mallory's instance shares the adapter (and, with a shared store, the deny-list).
          const foreign = await revoke(mallory, { sessionId: victimId })
          const unknown = await revoke(mallory, { sessionId: "no-such-session" })
          expect(foreign).toEqual(unknown)
          expect(foreign).toEqual({ status: 200, body: { revoked: 1 } })
          expect(await victim.session()).not.toBeNull()
          expect(await mallory.session()).not.toBeNull()
          expect(first.events).toEqual([])
        })

        it("signs out everywhere else (scope=others), keeping this device", async () => {
          const { config, events } = await instance(await storedUser())
          const laptop = await device(config, "Laptop", "192.0.2.10")
          const phone = await device(config, "Phone", "192.0.2.20")
          const tablet = await device(config, "Tablet", "192.0.2.30")
          expect((await revoke(laptop, { scope: "others" })).body).toEqual({ revoked: 2 })
          expect(await phone.session()).toBeNull()
          expect(await tablet.session()).toBeNull()
          expect(await laptop.session()).not.toBeNull()
          expect(await list(laptop)).toHaveLength(1)
          expect(events).toHaveLength(2)
          // A new sign-in afterwards is a session like any other.
          const again = await device(config, "Phone", "192.0.2.20")
          expect(await again.session()).not.toBeNull()
          expect(await list(laptop)).toHaveLength(2)
        })

        it("signs out everywhere (scope=all), this device's cookie cleared", async () => {
          const { config, events } = await instance(await storedUser())
          const laptop = await device(config, "Laptop", "192.0.2.10")
          const phone = await device(config, "Phone", "192.0.2.20")
          const csrfToken = await laptop.csrfToken()
          const response = await laptop.postForm("/sessions/revoke", { scope: "all", csrfToken })
          expect(await response.json()).toEqual({ revoked: 2 })
          expect(response.headers.getSetCookie().join()).toMatch(/authjs\.session-token=;/)
          expect(await laptop.session()).toBeNull()
          expect(await phone.session()).toBeNull()
          expect(events).toHaveLength(2)
        })

        it("refuses a revocation without the CSRF token, and one that says nothing", async () => {
          const { config } = await instance(await storedUser())
          const laptop = await device(config, "Laptop", "192.0.2.10")
          const phone = await device(config, "Phone", "192.0.2.20")
          const forged = await laptop.postForm("/sessions/revoke", { scope: "all" })
          expect(forged.status).toBe(403)
          expect(await forged.json()).toEqual({ error: "MissingCSRF" })
          expect((await revoke(laptop, {})).status).toBe(400)
          expect((await revoke(laptop, { scope: "everyone" })).status).toBe(400)
          expect((await revoke(laptop, { scope: "all", sessionId: "x" })).status).toBe(400)
          expect(await phone.session()).not.toBeNull()
          expect(await laptop.session()).not.toBeNull()
        })

        it("refuses a copy of the cookie taken before sign-out (another tab's, a stolen one)", async () => {
          const { config } = await instance(await storedUser())
          const laptop = await device(config, "Laptop", "192.0.2.10")
          const copy = new AuthClient(config, "http://localhost:3000", "/auth", "192.0.2.99")
          for (const [name, value] of laptop.jar) copy.jar.set(name, value)
          expect(await copy.session()).not.toBeNull()
          const csrfToken = await laptop.csrfToken()
          const out = await laptop.postForm("/signout", { csrfToken })
          expect(out.status).toBe(302)
          expect(await laptop.session()).toBeNull()
          expect(await copy.session()).toBeNull()
        })

        if (target.store) {
          it("a revocation on one instance is seen by another sharing the store at once", async () => {
            const user = await storedUser()
            const east = await instance(user)
            const west = await instance(user)
            const laptop = await device(east.config, "Laptop", "192.0.2.10")
            const phone = await device(west.config, "Phone", "192.0.2.20")
            // Each instance lists both: the index is shared too.
            expect(await list(laptop)).toHaveLength(2)
            const phoneId = (await list(laptop)).find((session) => !session.current)!.id
            await revoke(laptop, { sessionId: phoneId })
            expect(await phone.session()).toBeNull()
            expect(await laptop.session()).not.toBeNull()
          })
        }
      },
    )
  }
}
