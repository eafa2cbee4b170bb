/**
 * The `database` session strategy through `Auth()`: reads, throttled extension, expiry, updates,
 * sign-out, adapter outages, and the `jwt` strategy forced with an adapter. Registered by core
 * on the memory adapter and by `@auth/pg-adapter` on PGlite and PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { AdapterUser } from "../../src/adapters.js"
import { decode } from "../../src/jwt.js"
import Credentials from "../../src/providers/credentials.js"
import { getSession as getServerSession } from "../../src/server.js"
import type { AuthConfig, SessionCallbackParams } from "../../src/types.js"
import {
  type RecordedAdapter,
  recordAdapter,
  type TestBackend,
  type TestStore,
  uniqueEmail,
} from "./backend.js"
import { AuthClient, recordingLogger, SECRET, setCookies } from "./client.js"
import { capturingEmailProvider, requestLink } from "./email.js"

const COOKIE = "authjs.session-token"
const DAY = 86_400_000
const MAX_AGE = 30 * DAY

/** Registers the database-session suite on a backend. */
export function describeDatabaseSessions(backend: TestBackend): void {
  describe.skipIf(backend.skip === true)(`database sessions (${backend.name})`, () => {
    let store: TestStore

    beforeAll(async () => {
      store = await backend.open()
    })

    afterAll(async () => {
      await store?.close()
    })

    afterEach(() => {
      vi.useRealTimers()
    })

    function setup(overrides: Partial<AuthConfig> = {}) {
      const recorded = recordAdapter(store.adapter)
      const recorder = recordingLogger()
      const config: AuthConfig = {
        secret: SECRET,
        trustHost: true,
        adapter: recorded.adapter,
        logger: recorder.logger,
        providers: [Credentials({ authorize: (fields) => ({ email: String(fields.email) }) })],
        ...overrides,
      }
      return { recorded, recorder, config, client: new AuthClient(config) }
    }

    async function createUser(): Promise<AdapterUser> {
      return store.adapter.createUser!({
        id: crypto.randomUUID(),
        email: uniqueEmail("db"),
        name: "Ada",
        image: "https://example.test/ada.png",
        emailVerified: null,
      })
    }

    /** A user with a stored session expiring at `expires`, and a client holding its cookie. */
    async function withStoredSession(expires: Date, overrides: Partial<AuthConfig> = {}) {
      const user = await createUser()
      const sessionToken = crypto.randomUUID()
      // As the adapter stored it: SQL adapters add the row's own id, as Auth.js's do.
      const session = await store.adapter.createSession!({ sessionToken, userId: user.id, expires })
      const context = setup(overrides)
      context.client.jar.set(COOKIE, sessionToken)
      return { ...context, user, sessionToken, session }
    }

    function updates(recorded: RecordedAdapter): unknown[][] {
      return recorded.argsOf("updateSession")
    }

    it("signs in with a stored session: the cookie holds only the token, Expires = session expiry", async () => {
      const { client, recorded } = setup()
      const email = uniqueEmail("signin")
      const response = await client.signInWithCredentials({ email })
      expect(response.status).toBe(302)
      const [created] = recorded.argsOf("createSession")
      const session = created?.[0] as { sessionToken: string; userId: string; expires: Date }
      const cookie = setCookies(response).find((entry) => entry.name === COOKIE)
      expect(cookie?.value).toBe(session.sessionToken)
      expect(cookie?.attributes).toMatchObject({ httponly: true, path: "/", samesite: "Lax" })
      expect(Date.parse(String(cookie?.attributes.expires))).toBe(
        Math.floor(session.expires.valueOf() / 1000) * 1000,
      )
      const stored = await store.adapter.getSessionAndUser!(session.sessionToken)
      expect(stored?.user.email).toBe(email)
      expect(stored?.session.userId).toBe(stored?.user.id)
    })

    it("reads the session: default shape, stored expires, session callback and event arguments", async () => {
      const expires = new Date(Date.now() + MAX_AGE)
      const calls: SessionCallbackParams[] = []
      const events: unknown[] = []
      const { client, user, session } = await withStoredSession(expires, {
        callbacks: {
          session: (params) => {
            calls.push(params)
            return { user: { email: params.user.email }, expires: params.session.expires }
          },
        },
        events: { session: (message) => void events.push(message) },
      })
      const response = await client.get("/session")
      const body = await response.json()
      expect(body).toEqual({ user: { email: user.email }, expires: expires.toISOString() })
      expect(calls).toHaveLength(1)
      expect(calls[0]).toEqual({ session: expect.anything(), user, newSession: undefined })
      // `{ ...adapterSession, user }`, as in Auth.js; the token and `userId` are readable but
      // not the argument's own members (see the next test).
      const argument = calls[0]!.session
      expect({ ...argument }).toEqual({
        ...session,
        user,
        sessionToken: undefined,
        userId: undefined,
      })
      expect(argument.sessionToken).toBe(session.sessionToken)
      expect(argument.userId).toBe(user.id)
      expect(calls[0]).not.toHaveProperty("trigger")
      // The event gets the callback's result as is (here with `expires` still a Date).
      expect(events).toEqual([{ session: { user: { email: user.email }, expires } }])
    })

    it("exposes name, email and image with the default session callback", async () => {
      const expires = new Date(Date.now() + MAX_AGE)
      const { client, user } = await withStoredSession(expires)
      expect(await client.session()).toEqual({
        user: { name: user.name, email: user.email, image: user.image },
        expires: expires.toISOString(),
      })
    })

    it("never sends the session token, whatever the session callback returns (issue 24)", async () => {
      const expires = new Date(Date.now() + MAX_AGE)
      const events: unknown[] = []
      const { client, user, sessionToken, config } = await withStoredSession(expires, {
        // What many apps write: the session as it was given.
        callbacks: { session: ({ session }) => session },
        events: { session: (message) => void events.push(message) },
      })
      const response = await client.get("/session")
      const text = await response.text()
      expect(text).not.toContain(sessionToken)
      const body = JSON.parse(text) as Record<string, unknown>
      expect(body).toMatchObject({ user: { id: user.id, email: user.email } })
      expect(body.expires).toBe(expires.toISOString())
      expect(body).not.toHaveProperty("sessionToken")
      // Not named by the callback: not sent (`user.id` says the same, where the app put it).
      expect(body).not.toHaveProperty("userId")
      expect(JSON.stringify(events)).not.toContain(sessionToken)
      // The server-side read integrations use gives the same, as a plain object.
      const request = new Request("http://localhost:3000/me", {
        headers: { cookie: `${COOKIE}=${sessionToken}` },
      })
      const { session } = await getServerSession(request, config)
      expect(Object.getPrototypeOf(session)).toBe(Object.prototype)
      expect(session).not.toHaveProperty("sessionToken")
      expect(session).not.toHaveProperty("userId")
      expect(JSON.stringify(session)).not.toContain(sessionToken)
    })

    it.each([
      [
        "spread with userId",
        ({ session }: SessionCallbackParams) => ({ ...session, userId: session.userId }),
      ],
      [
        "assigned userId",
        ({ session, user }: SessionCallbackParams) => {
          session.userId = user.id
          return session
        },
      ],
    ])(
      "sends userId when the session callback puts it there (%s), never the token",
      async (_, callback) => {
        const expires = new Date(Date.now() + MAX_AGE)
        const { client, user, sessionToken } = await withStoredSession(expires, {
          callbacks: { session: callback },
        })
        const body = (await client.session()) as Record<string, unknown>
        expect(body.userId).toBe(user.id)
        expect(body).not.toHaveProperty("sessionToken")
        expect(JSON.stringify(body)).not.toContain(sessionToken)
      },
    )

    it("drops the token wherever the session callback puts it, on reads and updates", async () => {
      const expires = new Date(Date.now() + MAX_AGE)
      const { client, user, sessionToken } = await withStoredSession(expires, {
        callbacks: {
          session: ({ session, newSession }) => ({
            user: { email: session.user.email },
            expires: session.expires,
            sessionToken: session.sessionToken,
            api: { bearer: session.sessionToken, scopes: ["read", session.sessionToken] },
            update: newSession ?? null,
          }),
        },
      })
      const read = (await client.session()) as Record<string, unknown>
      expect(read).toEqual({
        user: { email: user.email },
        expires: expires.toISOString(),
        api: { scopes: ["read"] },
        update: null,
      })
      const csrfToken = await client.csrfToken()
      const updated = await client.request("/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ csrfToken, data: { theme: "dark" } }),
      })
      const text = await updated.text()
      expect(text).not.toContain(sessionToken)
      expect(JSON.parse(text)).toMatchObject({
        api: { scopes: ["read"] },
        update: { theme: "dark" },
      })
    })

    it("extends the session only once updateAge has passed, and returns the stored expiry", async () => {
      const t0 = Date.now()
      vi.useFakeTimers({ now: t0, toFake: ["Date"] })
      const expires = new Date(t0 + MAX_AGE)
      const { client, recorded, sessionToken } = await withStoredSession(expires)

      vi.setSystemTime(t0 + 60 * 60 * 1000)
      const early = await client.get("/session")
      expect((await early.json()).expires).toBe(expires.toISOString())
      expect(updates(recorded)).toEqual([])
      const earlyCookie = setCookies(early).find((cookie) => cookie.name === COOKIE)
      expect(Date.parse(String(earlyCookie?.attributes.expires))).toBe(
        Math.floor(expires.valueOf() / 1000) * 1000,
      )

      const later = t0 + DAY + 1000
      vi.setSystemTime(later)
      const due = await client.get("/session")
      const extended = new Date(later + MAX_AGE)
      // Adapters that list sessions also get the session's last use (with the same throttle).
      const lastUsed = recorded.adapter.listSessions ? { lastUsedAt: new Date(later) } : {}
      expect(updates(recorded)).toEqual([[{ sessionToken, expires: extended, ...lastUsed }]])
      expect((await due.json()).expires).toBe(extended.toISOString())
      const dueCookie = setCookies(due).find((cookie) => cookie.name === COOKIE)
      expect(dueCookie?.value).toBe(sessionToken)
      expect(Date.parse(String(dueCookie?.attributes.expires))).toBe(
        Math.floor(extended.valueOf() / 1000) * 1000,
      )
      const stored = await store.adapter.getSessionAndUser!(sessionToken)
      expect(stored?.session.expires.toISOString()).toBe(extended.toISOString())

      vi.setSystemTime(later + 1000)
      await client.get("/session")
      expect(updates(recorded)).toHaveLength(1)
    })

    it("with updateAge 0 writes on every read", async () => {
      const t0 = Date.now()
      vi.useFakeTimers({ now: t0, toFake: ["Date"] })
      const { client, recorded } = await withStoredSession(new Date(t0 + MAX_AGE), {
        session: { updateAge: 0 },
      })
      for (let step = 1; step <= 3; step++) {
        vi.setSystemTime(t0 + step * 1000)
        const body = await client.session()
        expect(body?.expires).toBe(new Date(t0 + step * 1000 + MAX_AGE).toISOString())
      }
      expect(updates(recorded)).toHaveLength(3)
    })

    it("deletes an expired session and clears the cookie", async () => {
      const { client, recorded, sessionToken } = await withStoredSession(
        new Date(Date.now() - 1000),
      )
      const response = await client.get("/session")
      expect(await response.json()).toBeNull()
      expect(setCookies(response)).toEqual([
        expect.objectContaining({
          name: COOKIE,
          value: "",
          attributes: expect.objectContaining({ "max-age": "0" }),
        }),
      ])
      expect(recorded.argsOf("deleteSession")).toEqual([[sessionToken]])
      expect(await store.adapter.getSessionAndUser!(sessionToken)).toBeNull()
    })

    it("clears the cookie of an unknown token; sets no cookie without one", async () => {
      const { client } = setup()
      expect((await client.get("/session")).headers.getSetCookie()).toEqual([])
      client.jar.set(COOKIE, "no-such-token")
      const response = await client.get("/session")
      expect(await response.json()).toBeNull()
      expect(setCookies(response)).toEqual([expect.objectContaining({ name: COOKIE, value: "" })])
    })

    it("updates through POST /session: newSession and trigger reach the session callback", async () => {
      const calls: SessionCallbackParams[] = []
      const { client } = await withStoredSession(new Date(Date.now() + MAX_AGE), {
        callbacks: {
          session: (params) => {
            calls.push(params)
            const nickname = (params.newSession as { nickname?: string } | undefined)?.nickname
            return { user: { name: nickname ?? params.user.name }, expires: params.session.expires }
          },
        },
      })
      const csrfToken = await client.csrfToken()
      const response = await client.postJson("/session", {
        csrfToken,
        data: { nickname: "Countess" },
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ user: { name: "Countess" } })
      expect(calls[0]).toMatchObject({ newSession: { nickname: "Countess" }, trigger: "update" })
    })

    it("refuses POST /session without a CSRF token", async () => {
      const { client } = await withStoredSession(new Date(Date.now() + MAX_AGE))
      const response = await client.postJson("/session", { data: { nickname: "x" } })
      expect(response.status).toBe(400)
    })

    it("signs out: deletes the stored session, emits signOut with it, clears the cookie", async () => {
      const events: unknown[] = []
      const expires = new Date(Date.now() + MAX_AGE)
      const { client, sessionToken, session } = await withStoredSession(expires, {
        events: { signOut: (message) => void events.push(message) },
      })
      const csrfToken = await client.csrfToken()
      const response = await client.postForm("/signout", { csrfToken, callbackUrl: "/bye" })
      expect(response.status).toBe(302)
      expect(response.headers.get("location")).toBe("http://localhost:3000/bye")
      expect(setCookies(response)).toContainEqual(
        expect.objectContaining({ name: COOKIE, value: "" }),
      )
      expect(await store.adapter.getSessionAndUser!(sessionToken)).toBeNull()
      expect(events).toEqual([{ session }])
      expect(await client.session()).toBeNull()
    })

    it("returns null without touching the cookie when the adapter fails, and logs SessionTokenError", async () => {
      const { client, recorded, recorder } = await withStoredSession(new Date(Date.now() + MAX_AGE))
      recorded.failing.add("getSessionAndUser")
      const response = await client.get("/session")
      expect(response.status).toBe(200)
      expect(await response.json()).toBeNull()
      expect(response.headers.getSetCookie()).toEqual([])
      expect(recorder.errors.map((error) => error.name)).toContain("SessionTokenError")
      recorded.failing.clear()
      expect(await client.session()).not.toBeNull()
    })

    it("still clears the cookie when the adapter fails on sign-out, and logs SignOutError", async () => {
      const events: unknown[] = []
      const { client, recorded, recorder } = await withStoredSession(
        new Date(Date.now() + MAX_AGE),
        { events: { signOut: (message) => void events.push(message) } },
      )
      recorded.failing.add("deleteSession")
      const csrfToken = await client.csrfToken()
      const response = await client.postForm("/signout", { csrfToken })
      expect(response.status).toBe(302)
      expect(setCookies(response)).toContainEqual(
        expect.objectContaining({ name: COOKIE, value: "" }),
      )
      expect(recorder.errors.map((error) => error.name)).toContain("SignOutError")
      expect(events).toEqual([])
    })

    it("replaces the session a new sign-in overwrites: the old row is deleted", async () => {
      const { client, sessionToken, recorded } = await withStoredSession(
        new Date(Date.now() + MAX_AGE),
      )
      await client.signInWithCredentials({ email: uniqueEmail("other") })
      expect(recorded.argsOf("deleteSession")).toEqual([[sessionToken]])
      expect(await store.adapter.getSessionAndUser!(sessionToken)).toBeNull()
      expect(client.jar.get(COOKIE)).not.toBe(sessionToken)
    })

    it("with the jwt strategy forced, persists users but keeps the session in a JWT", async () => {
      const mail = capturingEmailProvider()
      const jwtCalls: Array<Record<string, unknown>> = []
      const { client, recorded } = setup({
        session: { strategy: "jwt" },
        providers: [mail.provider],
        callbacks: {
          jwt: (params) => {
            jwtCalls.push(params as never)
            return params.token
          },
        },
      })
      const email = uniqueEmail("jwt")
      const sessionsBefore = await store.count?.("sessions")
      await requestLink(client, email, { providerId: "email" })
      await client.get(mail.linkFor(email))
      const stored = await store.adapter.getUserByEmail!(email)
      expect(stored?.emailVerified).toBeInstanceOf(Date)
      const token = await decode({ token: client.jar.get(COOKIE)!, secret: SECRET, salt: COOKIE })
      expect(token).toMatchObject({ email, sub: String(stored?.id) })
      expect(recorded.argsOf("createSession")).toEqual([])
      expect(jwtCalls[0]).toMatchObject({
        trigger: "signUp",
        isNewUser: true,
        user: { id: stored?.id, email },
        account: { provider: "email", type: "email", providerAccountId: email, userId: stored?.id },
      })
      expect(await client.session()).toMatchObject({ user: { email } })

      await requestLink(client, email, { providerId: "email" })
      await client.get(mail.linkFor(email))
      expect(jwtCalls.at(-1)).toMatchObject({ trigger: "signIn", isNewUser: false })
      expect(await store.count?.("sessions")).toBe(sessionsBefore)
    })
  })
}
