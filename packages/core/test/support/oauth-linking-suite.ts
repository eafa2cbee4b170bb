import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Adapter } from "../../src/adapters.js"
import { OAuthAccountNotLinked } from "../../src/errors.js"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import type { AuthConfig, Profile, SessionStrategy } from "../../src/types.js"
import {
  APP_ORIGIN,
  callbackUrl,
  createApp,
  expectErrorRedirect,
  redirectOf,
  sessionUser,
  signInAtIdp,
} from "../oauth/flow.js"
import type { TestBackend, TestStore } from "./backend.js"
import { type Idp, startIdentityProvider } from "./idp.js"

/**
 * Account linking through the full OAuth flow against the local identity provider, with JWT and
 * with database sessions, on one kind of store: core runs it on its in-memory adapter,
 * `@auth/pg-adapter` on PGlite and on a real PostgreSQL server. Every test gets a fresh store.
 */
export function describeOAuthAccountLinking(backend: TestBackend): void {
  let idp: Idp
  const stores: TestStore[] = []

  async function freshAdapter(): Promise<Adapter> {
    const store = await backend.open()
    stores.push(store)
    return store.adapter
  }

  beforeAll(async () => {
    if (backend.skip) return
    idp = await startIdentityProvider()
    idp.setRedirectUris(["idp", "other-idp"].map((id) => callbackUrl(id)))
  })

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()))
  })

  afterAll(async () => {
    await idp?.close()
  })

  function provider(overrides: Partial<OIDCConfig<Profile>> = {}): OIDCConfig<Profile> {
    return { ...idp.oidcProvider("client_secret_basic"), ...overrides } as OIDCConfig<Profile>
  }

  describe.skipIf(backend.skip === true).each<SessionStrategy>(["jwt", "database"])(
    `account linking through the OAuth flow (%s sessions, ${backend.name})`,
    (strategy) => {
      function app(adapter: Adapter, config: Partial<AuthConfig> = {}) {
        const events: string[] = []
        const record = (name: string) => () => void events.push(name)
        const created = createApp({
          adapter,
          session: { strategy },
          providers: [provider(), provider({ id: "other-idp", name: "Other" })],
          events: {
            createUser: record("createUser"),
            linkAccount: record("linkAccount"),
            signIn: ({ isNewUser }) => void events.push(`signIn:${String(isNewUser)}`),
          },
          ...config,
        })
        return { ...created, events }
      }

      it("creates a user for a new e-mail, links the account and sends a new user to pages.newUser", async () => {
        const adapter = await freshAdapter()
        const { client, log, events } = app(adapter, { pages: { newUser: "/welcome" } })

        const response = await signInAtIdp(client, idp, "idp", "alice", {
          callbackUrl: `${APP_ORIGIN}/home`,
        })

        expect(log.errors).toEqual([])
        expect(redirectOf(response)).toBe(
          `/welcome?callbackUrl=${encodeURIComponent(`${APP_ORIGIN}/home`)}`,
        )
        const user = await adapter.getUserByEmail?.("alice@example.test")
        expect(user).toMatchObject({ name: "Alice", emailVerified: null })
        const owner = await adapter.getUserByAccount?.({
          provider: "idp",
          providerAccountId: "alice",
        })
        expect(owner?.id).toBe(user?.id)
        expect(events).toEqual(["createUser", "linkAccount", "signIn:true"])
        expect((await sessionUser(client))?.email).toBe("alice@example.test")
      })

      it("signs an existing account in as its user", async () => {
        const adapter = await freshAdapter()
        const first = app(adapter)
        await signInAtIdp(first.client, idp, "idp", "bob")
        const second = app(adapter)

        const response = await signInAtIdp(second.client, idp, "idp", "bob")

        expect(second.log.errors).toEqual([])
        expect(redirectOf(response)).toBe(APP_ORIGIN)
        expect(second.events).toEqual(["signIn:false"])
        expect((await sessionUser(second.client))?.email).toBe("bob@example.test")
      })

      it("refuses an account whose e-mail belongs to another user", async () => {
        const adapter = await freshAdapter()
        await adapter.createUser?.({
          id: "u1",
          email: "carol@example.test",
          emailVerified: null,
          name: "Carol (password user)",
        })
        const { client, log, events } = app(adapter)

        const response = await signInAtIdp(client, idp, "idp", "carol")

        expectErrorRedirect(response, "signin", "OAuthAccountNotLinked")
        expect(log.errors[0]).toBeInstanceOf(OAuthAccountNotLinked)
        expect(
          await adapter.getUserByAccount?.({ provider: "idp", providerAccountId: "carol" }),
        ).toBeNull()
        expect(events).toEqual([])
        expect(await client.session()).toBeNull()
      })

      it("links to the user with the same e-mail when the provider allows dangerous linking", async () => {
        const adapter = await freshAdapter()
        const existing = await adapter.createUser?.({
          id: "u1",
          email: "dave@example.test",
          emailVerified: null,
          name: "Dave",
        })
        const { client, log } = app(adapter, {
          providers: [provider({ allowDangerousEmailAccountLinking: true })],
        })

        const response = await signInAtIdp(client, idp, "idp", "dave")

        expect(log.errors).toEqual([])
        expect(redirectOf(response)).toBe(APP_ORIGIN)
        const owner = await adapter.getUserByAccount?.({
          provider: "idp",
          providerAccountId: "dave",
        })
        expect(owner?.id).toBe(existing?.id)
      })

      it("links a new provider's account to the signed-in user", async () => {
        const adapter = await freshAdapter()
        const { client, log, events } = app(adapter)
        await signInAtIdp(client, idp, "idp", "erin")
        const erin = await adapter.getUserByEmail?.("erin@example.test")
        events.length = 0

        // Another provider, another identity (another e-mail), while signed in as Erin.
        const response = await signInAtIdp(client, idp, "other-idp", "erin-work")

        expect(log.errors).toEqual([])
        expect(redirectOf(response)).toBe(APP_ORIGIN)
        const owner = await adapter.getUserByAccount?.({
          provider: "other-idp",
          providerAccountId: "erin-work",
        })
        expect(owner?.id).toBe(erin?.id)
        expect(await adapter.getUserByEmail?.("erin-work@example.test")).toBeNull()
        expect(events).toEqual(["linkAccount", "signIn:false"])
        expect((await sessionUser(client))?.email).toBe("erin@example.test")
      })

      it("refuses to sign a signed-in user in with an account another user owns", async () => {
        const adapter = await freshAdapter()
        const frank = app(adapter)
        await signInAtIdp(frank.client, idp, "idp", "frank")
        const grace = app(adapter)
        await signInAtIdp(grace.client, idp, "idp", "grace")

        const response = await signInAtIdp(grace.client, idp, "idp", "frank")

        expectErrorRedirect(response, "signin", "OAuthAccountNotLinked")
        expect((await sessionUser(grace.client))?.email).toBe("grace@example.test")
      })
    },
  )
}
