import { MemoryAdapter } from "@auth/core/memory-adapter"
import type { AuthConfig } from "@auth/core/types"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HttpClient } from "../client.js"
import type { ContractContext } from "../context.js"
import { CONTRACT_ACCOUNT, COOKIES, contractConfig } from "../fixtures.js"

/**
 * What the session reads of an app must never let out, and where they must agree (issue 24):
 * the session cookie is `HttpOnly`, so neither `GET <basePath>/session` nor the framework's
 * server-side session getter (`/me`, whose result apps hand to pages) may carry its value; and
 * a request with two session cookies (one tossed in by a sibling subdomain or an http:// page)
 * is one session, the same for the auth routes and the getter.
 */
export function describeLeaks(context: ContractContext): void {
  describe("session leaks", () => {
    describeTokenLeaks(context)

    it.each([
      ["the app's own cookie first", false],
      ["the tossed cookie first", true],
    ])(
      "reads one session from two session cookies: /session and /me agree (%s)",
      async (_, tossedFirst) => {
        const own = await sessionCookieOf(context)
        // A valid session of the same app under another name, as a second browser would hold.
        const tossed = await sessionCookieOf(context, "Tossed In")
        const [first, second] = tossedFirst ? [tossed, own] : [own, tossed]
        const cookie = `${COOKIES.session}=${first}; ${COOKIES.session}=${second}`
        const client = context.client()
        const route = await client.action("/session", { headers: { cookie } })
        const me = await client.fetch("/me", { headers: { cookie } })
        expect(route.status).toBe(200)
        expect(me.status).toBe(200)
        const routeName = nameOf(await route.json())
        expect(nameOf(await me.json())).toBe(routeName)
        // Core's rule: the first cookie of a name wins.
        expect(routeName).toBe(tossedFirst ? "Tossed In" : context.account.user.name)
      },
    )
  })
}

/** The options of {@link runDatabaseSessionLeaks}. */
export interface DatabaseSessionLeakOptions {
  /** The integration's name, shown in the test names. */
  readonly name: string
  /** Where to mount the handler. */
  readonly basePath: string
  /**
   * Starts the app as `runHttpContract`'s `start` does; it must run the `config` it is given
   * (here: database sessions on core's memory adapter).
   */
  readonly start: (options: {
    readonly basePath: string
    readonly config: AuthConfig
  }) => Promise<{ readonly baseUrl: string; close(): Promise<void> }>
  /** As `runHttpContract`'s `browserOrigin`. @default false */
  readonly browserOrigin?: boolean
}

/**
 * The session-leak checks on an app with database sessions, whose cookie holds the stored
 * session's token, and whose `session` callback returns the session it was given (Auth.js
 * passes it `{ ...adapterSession, user }`, the token included): neither `/session` nor `/me`
 * may carry the token. For integrations whose `start` runs the config it is given (an example
 * app running its own JWT config cannot).
 *
 * @example
 * runDatabaseSessionLeaks({ name: "express", basePath: "/auth", start: startExpressApp })
 */
export function runDatabaseSessionLeaks(options: DatabaseSessionLeakOptions): void {
  describe(`session leaks with database sessions: ${options.name}`, () => {
    const logged: Error[] = []
    let app: { readonly baseUrl: string; close(): Promise<void> } | undefined
    beforeAll(async () => {
      app = await options.start({ basePath: options.basePath, config: databaseConfig(logged) })
    })
    afterAll(async () => {
      await app?.close()
    })
    const baseUrl = (): string => {
      if (!app) throw new Error(`The app at ${options.basePath} did not start.`)
      return app.baseUrl
    }
    const context: ContractContext = {
      basePath: options.basePath,
      account: CONTRACT_ACCOUNT,
      logged,
      clientAddresses: [],
      get baseUrl() {
        return baseUrl()
      },
      client: () =>
        new HttpClient(baseUrl(), options.basePath, { browserOrigin: options.browserOrigin }),
    }

    it("keeps the session in the database: the cookie is a session token, not a JWT", async () => {
      const token = await sessionCookieOf(context)
      expect(token).not.toContain(".")
      expect(token.length).toBeGreaterThanOrEqual(32)
    })

    describeTokenLeaks(context, true)
  })
}

/**
 * `/session` and `/me` of a signed-in client never carry its session cookie's value; with
 * `database`, nor the stored session's `userId`, which the contract's callback does not name.
 */
function describeTokenLeaks(context: ContractContext, database = false): void {
  it("never sends the session cookie's value from /session or the server-side getter (/me)", async () => {
    const client = context.client()
    await client.signIn(context.account.credentials)
    const token = client.jar.get(COOKIES.session)
    expect(token).toBeTruthy()
    for (const response of [await client.action("/session"), await client.fetch("/me")]) {
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).not.toContain(token)
      expect(text).not.toContain(decodeURIComponent(token ?? ""))
      const session = JSON.parse(text) as Record<string, unknown> | null
      expect(session).toMatchObject({ user: { email: context.account.user.email } })
      expect(session).not.toHaveProperty("sessionToken")
      if (database) expect(session).not.toHaveProperty("userId")
    }
  })
}

/**
 * Signs a new client in and returns its session cookie's value; with `name`, after a session
 * update to that name (the contract's apps take `name` from an update, see `account`).
 */
async function sessionCookieOf(context: ContractContext, name?: string): Promise<string> {
  const client = context.client()
  await client.signIn(context.account.credentials)
  if (name !== undefined) {
    const csrfToken = await client.csrfToken()
    const response = await client.postJson("/session", { csrfToken, data: { name } })
    expect(response.status).toBe(200)
  }
  const value = client.jar.get(COOKIES.session)
  if (!value) throw new Error("The sign-in set no session cookie.")
  return value
}

function nameOf(session: unknown): unknown {
  if (typeof session !== "object" || session === null) return undefined
  const { user } = session as { user?: { name?: unknown } }
  return user?.name
}

/**
 * The contract's config with database sessions on core's memory adapter, and a `session`
 * callback that returns the session it was given: what leaked the token in Auth.js.
 */
function databaseConfig(logged: Error[]): AuthConfig {
  const config = contractConfig(logged)
  return {
    ...config,
    adapter: MemoryAdapter(),
    session: { strategy: "database" },
    callbacks: { ...config.callbacks, session: ({ session }) => session },
  }
}
