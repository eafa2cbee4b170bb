/**
 * Credentials sign-in with the `database` strategy (which Auth.js refuses): the session is
 * stored for a stored user. Registered by core on the memory adapter and by `@auth/pg-adapter`
 * on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AdapterUser } from "../../src/adapters.js"
import Credentials from "../../src/providers/credentials.js"
import type { AuthConfig, User } from "../../src/types.js"
import { recordAdapter, type TestBackend, type TestStore, uniqueEmail } from "./backend.js"
import { AuthClient, recordingLogger, SECRET, setCookies } from "./client.js"

const COOKIE = "authjs.session-token"

/** Registers the credentials-with-database-sessions suite on a backend. */
export function describeCredentialsDatabase(backend: TestBackend): void {
  describe.skipIf(backend.skip === true)(
    `credentials sign-in with database sessions (${backend.name})`,
    () => {
      let store: TestStore

      beforeAll(async () => {
        store = await backend.open()
      })

      afterAll(async () => {
        await store?.close()
      })

      /** A config whose `authorize` returns `user` when the password is "secret". */
      function setup(user: User, overrides: Partial<AuthConfig> = {}) {
        const recorded = recordAdapter(store.adapter)
        const recorder = recordingLogger()
        const events: Array<[string, unknown]> = []
        const config: AuthConfig = {
          secret: SECRET,
          trustHost: true,
          adapter: recorded.adapter,
          logger: recorder.logger,
          providers: [
            Credentials({
              credentials: { password: { type: "password" } },
              authorize: ({ password }) => (password === "secret" ? user : null),
            }),
          ],
          events: {
            createUser: (message) => void events.push(["createUser", message]),
            signIn: (message) => void events.push(["signIn", message]),
          },
          ...overrides,
        }
        return { recorded, recorder, events, client: new AuthClient(config) }
      }

      async function storedUser(): Promise<AdapterUser> {
        return store.adapter.createUser!({
          id: crypto.randomUUID(),
          email: uniqueEmail("cred"),
          name: "Stored",
          emailVerified: null,
        })
      }

      it("signs a stored user in (found by id) with a stored session", async () => {
        const user = await storedUser()
        const { client, recorded, events } = setup({ id: user.id, name: "From authorize" })
        const response = await client.signInWithCredentials({
          password: "secret",
          callbackUrl: "/home",
        })
        expect(response.status).toBe(302)
        expect(response.headers.get("location")).toBe("http://localhost:3000/home")
        const cookie = setCookies(response).find((entry) => entry.name === COOKIE)!
        const stored = await store.adapter.getSessionAndUser!(cookie.value)
        expect(stored?.user).toEqual(user)
        expect(stored?.session.expires.valueOf()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
        expect(recorded.argsOf("createUser")).toEqual([])
        expect(events).toEqual([
          [
            "signIn",
            {
              user,
              account: {
                // Core keys the account on the id as a string, whatever type the store gives ids.
                providerAccountId: String(user.id),
                type: "credentials",
                provider: "credentials",
                userId: user.id,
              },
              isNewUser: false,
            },
          ],
        ])
        // As JSON: a store without the image column value gives `undefined`, SQL gives `null`.
        const shown = JSON.parse(
          JSON.stringify({ name: "Stored", email: user.email, image: user.image }),
        )
        expect(await client.session()).toEqual({
          user: shown,
          expires: stored?.session.expires.toISOString(),
        })
      })

      it("finds the user by e-mail when authorize's id is not the adapter's", async () => {
        const user = await storedUser()
        const { client, recorded } = setup({ id: "app-id-7", email: user.email })
        await client.signInWithCredentials({ password: "secret" })
        expect((await client.session())?.user).toMatchObject({ email: user.email })
        expect(recorded.argsOf("createSession")[0]?.[0]).toMatchObject({ userId: user.id })
        expect(recorded.argsOf("createUser")).toEqual([])
      })

      it("creates the user on first sign-in when it has an e-mail, then reuses it", async () => {
        const email = uniqueEmail("first")
        const { client, events } = setup({ id: "app-id-8", email, name: "First" })
        await client.signInWithCredentials({ password: "secret" })
        const created = await store.adapter.getUserByEmail!(email)
        expect(created).toMatchObject({ email, name: "First", emailVerified: null })
        expect(events.map(([name]) => name)).toEqual(["createUser", "signIn"])
        expect(events[1]?.[1]).toMatchObject({ user: { id: created?.id }, isNewUser: true })
        expect(await client.session()).toMatchObject({ user: { email, name: "First" } })

        const again = setup({ id: "app-id-8", email, name: "First" })
        await again.client.signInWithCredentials({ password: "secret" })
        expect(again.recorded.argsOf("createUser")).toEqual([])
        expect(again.recorded.argsOf("createSession")[0]?.[0]).toMatchObject({
          userId: created?.id,
        })
      })

      it("refuses, as a configuration error, a user that is not stored and has no e-mail", async () => {
        const { client, recorded, recorder } = setup({ id: "unknown", name: "Nobody" })
        const response = await client.signInWithCredentials({ password: "secret" })
        expect(response.headers.get("location")).toBe(
          "http://localhost:3000/auth/error?error=Configuration",
        )
        expect(recorded.argsOf("createSession")).toEqual([])
        expect(
          recorder.errors.some((error) => /must return a user stored/.test(error.message)),
        ).toBe(true)
        expect(client.jar.has(COOKIE)).toBe(false)
      })

      it("still rejects wrong credentials with CredentialsSignin, storing nothing", async () => {
        const { client, recorded } = setup({ email: uniqueEmail("wrong") })
        const response = await client.signInWithCredentials({ password: "nope" })
        expect(response.headers.get("location")).toBe(
          "http://localhost:3000/auth/signin?error=CredentialsSignin&code=credentials",
        )
        expect(recorded.calls).toEqual([])
      })

      it("signs out: the stored session is deleted", async () => {
        const user = await storedUser()
        const { client } = setup({ id: user.id })
        await client.signInWithCredentials({ password: "secret" })
        const sessionToken = client.jar.get(COOKIE)!
        const csrfToken = await client.csrfToken()
        await client.postForm("/signout", { csrfToken })
        expect(await store.adapter.getSessionAndUser!(sessionToken)).toBeNull()
        expect(await client.session()).toBeNull()
      })
    },
  )
}
