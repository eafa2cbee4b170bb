/**
 * Moving from Auth.js is a dependency change: a database made by the published
 * `@auth/pg-adapter` 1.11.3 and `@auth/core` 0.41.3 (Auth.js's documented schema: integer ids,
 * no constraints), with users, accounts and sessions they created, opened by ours. Every session
 * stays valid, every flow works, and Auth.js can still read what we wrote (a rollback keeps
 * users signed in). On PGlite, and on PostgreSQL with `DATABASE_URL` (a fresh schema, dropped).
 * Passkeys too: an `authenticators` table with Auth.js's column set, and the rows an Auth.js app
 * stored in it, keep working before and after `applySchema` adds the timestamp columns. The one
 * change `applySchema` makes to Auth.js's own tables is additive: four nullable columns of
 * session management on `sessions`, which Auth.js's adapter ignores.
 */
import { Auth as AuthjsAuth, type AuthConfig as AuthjsConfig } from "authjs-core"
import AuthjsPostgresAdapter from "authjs-pg-adapter"
import type { Pool } from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AdapterUser } from "../../core/src/adapters.js"
import Credentials from "../../core/src/providers/credentials.js"
import type { AuthConfig } from "../../core/src/types.js"
import { callbackUrl, redirectOf, signInAtIdp } from "../../core/test/oauth/flow.js"
import { AuthClient, recordingLogger, SECRET } from "../../core/test/support/client.js"
import { capturingEmailProvider, requestLink } from "../../core/test/support/email.js"
import { type Idp, startIdentityProvider } from "../../core/test/support/idp.js"
import PostgresAdapter, { type AppliedSchema, applySchema } from "../src/index.js"
import { AuthjsClient } from "./authjs-client.js"
import {
  AUTHJS_AUTHENTICATORS_SQL,
  type AuthjsDatabase,
  openAuthjsPGlite,
  openAuthjsPostgres,
} from "./authjs-schema.js"

const COOKIE = "authjs.session-token"
const ORIGIN = "http://localhost:3000"
const databaseUrl = process.env.DATABASE_URL
const targets: Array<{ name: string; open: () => Promise<AuthjsDatabase> }> = [
  { name: "PGlite", open: openAuthjsPGlite },
  ...(databaseUrl ? [{ name: "PostgreSQL", open: () => openAuthjsPostgres(databaseUrl) }] : []),
]

/** A column of {@link shapeOf}. */
interface ColumnShape {
  relname: string
  attname: string
  type: string
  attnotnull: boolean
  constraints: string | null
}

/** The columns `applySchema` adds to Auth.js's sessions table, for session management. */
const SESSION_MANAGEMENT_COLUMNS = ["createdAt", "ip", "lastUsedAt", "userAgent"]

/**
 * The columns and constraints of Auth.js's tables, to show that opening them changed nothing
 * but for the columns of session management added to `sessions`.
 */
async function shapeOf(db: AuthjsDatabase): Promise<ColumnShape[]> {
  const { rows } = await db.client.query(
    `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull,
       (SELECT string_agg(k.conname::text || ':' || k.contype::text, ',' ORDER BY k.conname)
        FROM pg_constraint k WHERE k.conrelid = c.oid) AS constraints
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = $1 AND c.relname IN ('users', 'accounts', 'sessions', 'verification_token')
     ORDER BY 1, 2`,
    [db.schema],
  )
  return rows as ColumnShape[]
}

/** Whether `column` is one that `applySchema` adds to Auth.js's sessions table. */
function isSessionManagementColumn(column: ColumnShape): boolean {
  return column.relname === "sessions" && SESSION_MANAGEMENT_COLUMNS.includes(column.attname)
}

/**
 * Expects `after` to be `before` with the columns of session management added to `sessions`,
 * nullable, and nothing else changed.
 */
function expectOnlySessionColumnsAdded(before: ColumnShape[], after: ColumnShape[]): void {
  expect(after.filter((column) => !isSessionManagementColumn(column))).toEqual(before)
  const added = after.filter(isSessionManagementColumn)
  expect(added.map(({ attname, type, attnotnull }) => ({ attname, type, attnotnull }))).toEqual([
    { attname: "createdAt", type: "timestamp with time zone", attnotnull: false },
    { attname: "ip", type: "text", attnotnull: false },
    { attname: "lastUsedAt", type: "timestamp with time zone", attnotnull: false },
    { attname: "userAgent", type: "text", attnotnull: false },
  ])
}

/** How `applySchema` logs the columns it adds to Auth.js's sessions table. */
const SESSION_COLUMNS_LOGGED =
  'sessions."createdAt", sessions."lastUsedAt", sessions."userAgent", sessions."ip"'

for (const target of targets) {
  describe(`a database made by Auth.js's @auth/pg-adapter 1.11.3, opened by ours (${target.name})`, () => {
    let db: AuthjsDatabase
    let idp: Idp
    let authjsConfig: AuthjsConfig
    /** Browsers signed in by Auth.js: alice by e-mail, bob through the identity provider. */
    const authjs: Record<"alice" | "bob" | "noMail", AuthjsClient | undefined> = {
      alice: undefined,
      bob: undefined,
      noMail: undefined,
    }
    /** Each user's id as both adapters return it: a number (`SERIAL`), typed as core types ids. */
    const ids: Record<string, AdapterUser["id"]> = {}
    const schemaLog = { info: [] as string[], warn: [] as string[] }
    let applied: AppliedSchema
    let shapeBefore: ColumnShape[]

    const table = (name: string) => `"${db.schema}".${name}`
    const count = async (sql: string, params: unknown[] = []) =>
      Number((((await db.client.query(sql, params)).rows[0] ?? {}) as { n: unknown }).n)

    /**
     * Our config on the same database as Auth.js apps write it: the default import, the same
     * pool, no schema option (the tables are found on the `search_path`, as Auth.js finds them).
     */
    function ours(overrides: Partial<AuthConfig> = {}) {
      const log = recordingLogger()
      const mail = capturingEmailProvider()
      const config: AuthConfig = {
        secret: SECRET,
        trustHost: true,
        adapter: PostgresAdapter(db.authjsClient),
        logger: log.logger,
        providers: [
          mail.provider,
          idp.oidcProvider(),
          { ...idp.oidcProvider(), id: "other-idp", name: "Other" },
          Credentials({
            credentials: { password: { type: "password" } },
            authorize: ({ password }) =>
              password === "secret"
                ? { id: "app-id-1", email: "alice@example.test", name: "Alice" }
                : null,
          }),
        ],
        ...overrides,
      }
      return { config, log, mail }
    }

    /** A browser for our app that carries the cookies Auth.js set in `from`. */
    function continueWith(config: AuthConfig, from: AuthClient | undefined): AuthClient {
      const client = new AuthClient(config)
      for (const [name, value] of from?.jar ?? []) client.jar.set(name, value)
      return client
    }

    async function storedExpiry(client: AuthClient | undefined): Promise<string> {
      const { rows } = await db.client.query(
        `SELECT expires FROM ${table("sessions")} WHERE "sessionToken" = $1`,
        [client?.jar.get(COOKIE)],
      )
      return new Date((rows[0] as { expires: Date | string }).expires).toISOString()
    }

    beforeAll(async () => {
      ;[db, idp] = await Promise.all([target.open(), startIdentityProvider()])
      idp.setRedirectUris(["idp", "other-idp"].map((id) => callbackUrl(id)))
      const mail = capturingEmailProvider()
      const authjsErrors: unknown[] = []
      authjsConfig = {
        secret: SECRET,
        trustHost: true,
        adapter: AuthjsPostgresAdapter(db.authjsClient as unknown as Pool),
        providers: [mail.provider, idp.oidcProvider()],
        logger: { error: (error: unknown) => void authjsErrors.push(error), warn() {}, debug() {} },
      } as unknown as AuthjsConfig

      authjs.alice = new AuthjsClient(authjsConfig)
      await requestLink(authjs.alice, "alice@example.test", { providerId: "email" })
      await authjs.alice.get(mail.linkFor("alice@example.test"))
      authjs.bob = new AuthjsClient(authjsConfig)
      await signInAtIdp(authjs.bob, idp, "idp", "bob")
      // A user without an e-mail (a provider that shares none): Auth.js's schema allows it.
      const authjsAdapter = AuthjsPostgresAdapter(db.authjsClient as unknown as Pool)
      const noMail = await authjsAdapter.createUser!({
        name: "No Mail",
        email: null,
        emailVerified: null,
      } as never)
      const sessionToken = crypto.randomUUID()
      await authjsAdapter.createSession!({
        sessionToken,
        userId: noMail.id,
        expires: new Date(Date.now() + 86_400_000),
      })
      authjs.noMail = new AuthjsClient(authjsConfig)
      authjs.noMail.jar.set(COOKIE, sessionToken)
      expect(authjsErrors).toEqual([])

      const { rows } = await db.client.query(`SELECT id, email FROM ${table("users")}`)
      for (const row of rows as Array<{ id: AdapterUser["id"]; email: string | null }>) {
        ids[row.email ?? "none"] = row.id
      }
      shapeBefore = await shapeOf(db)
      applied = await applySchema(db.authjsClient, {
        logger: { info: (m) => schemaLog.info.push(m), warn: (m) => schemaLog.warn.push(m) },
      })
    })

    afterAll(async () => {
      await Promise.all([db?.close(), idp?.close()])
    })

    it("starts from Auth.js's own data: integer ids, a session per browser, bob's account", async () => {
      expect(Object.keys(ids).sort()).toEqual(["alice@example.test", "bob@example.test", "none"])
      expect(Object.values(ids).every(Number.isInteger)).toBe(true)
      expect(await count(`SELECT count(*) AS n FROM ${table("sessions")}`)).toBe(3)
      expect(await count(`SELECT count(*) AS n FROM ${table("accounts")}`)).toBe(1)
      expect((await authjs.alice?.session())?.user).toMatchObject({ email: "alice@example.test" })
    })

    it("applySchema adds the authenticators table, keyed like users.id, and nullable session columns, and says so", async () => {
      expect(applied).toMatchObject({
        schema: db.schema,
        created: ["authenticators"],
        addedColumns: [
          "sessions.createdAt",
          "sessions.lastUsedAt",
          "sessions.userAgent",
          "sessions.ip",
        ],
        userIdType: "integer",
      })
      expect(schemaLog.info).toEqual([
        `[@auth/pg-adapter] Created table authenticators in schema "${db.schema}", with "userId" ` +
          "integer referencing users.id; the existing tables were left as they are.",
        `[@auth/pg-adapter] Added the columns ${SESSION_COLUMNS_LOGGED} in schema ` +
          `"${db.schema}"; the rows stored before have them NULL.`,
      ])
      // Advice, not changes: the unique indexes Auth.js's schema lacks, and sessions("userId").
      expect(schemaLog.warn).toHaveLength(4)
      expect(schemaLog.warn.join("\n")).toMatch(/users has no unique index on \("email"\)/)
      expect(schemaLog.warn.join("\n")).toMatch(/sessions has no index on \("userId"\)/)
      expectOnlySessionColumnsAdded(shapeBefore, await shapeOf(db))

      const again = await applySchema(db.authjsClient, {
        logger: { info: (m) => schemaLog.info.push(m), warn: () => {} },
      })
      expect(again).toMatchObject({ created: [], addedColumns: [] })
      expect(schemaLog.info).toHaveLength(2)
    })

    it("lists the sessions Auth.js issued, with the fields of session management null", async () => {
      const adapter = PostgresAdapter(db.authjsClient)
      const listed = await adapter.listSessions?.(ids["alice@example.test"]!)
      expect(listed).toEqual([
        {
          id: expect.any(Number),
          sessionToken: authjs.alice?.jar.get(COOKIE),
          userId: ids["alice@example.test"],
          expires: new Date(await storedExpiry(authjs.alice)),
          createdAt: null,
          lastUsedAt: null,
          userAgent: null,
          ip: null,
        },
      ])
      expect(await adapter.listSessions?.("not-an-integer")).toEqual([])
      expect(await adapter.deleteSessions?.("not-an-integer")).toEqual([])
    })

    it("keeps every session Auth.js issued valid, with its stored expiry", async () => {
      const { config, log } = ours()
      const expected = {
        alice: { name: null, email: "alice@example.test", image: null },
        bob: {
          name: "Bob",
          email: "bob@example.test",
          image: "https://images.example.test/bob.png",
        },
        noMail: { name: "No Mail", email: null, image: null },
      }
      for (const [who, user] of Object.entries(expected)) {
        const browser = authjs[who as keyof typeof authjs]
        const client = continueWith(config, browser)
        const response = await client.get("/session")
        expect(await response.json()).toEqual({ user, expires: await storedExpiry(browser) })
        expect(client.jar.get(COOKIE)).toBe(browser?.jar.get(COOKIE))
      }
      expect(log.errors).toEqual([])
    })

    it("signs in with credentials and database sessions: Auth.js's user is found by e-mail", async () => {
      const { config, log } = ours()
      const client = new AuthClient(config)
      const response = await client.signInWithCredentials({
        password: "secret",
        callbackUrl: "/home",
      })
      expect(log.errors).toEqual([])
      expect(redirectOf(response)).toBe(`${ORIGIN}/home`)
      expect((await client.session())?.user).toMatchObject({ email: "alice@example.test" })
      const { rows } = await db.client.query(
        `SELECT "userId" FROM ${table("sessions")} WHERE "sessionToken" = $1`,
        [client.jar.get(COOKIE)],
      )
      expect((rows[0] as { userId: unknown }).userId).toBe(ids["alice@example.test"])

      // Back to Auth.js (a rollback): the session we stored is one it reads.
      const rolledBack = new AuthjsClient(authjsConfig)
      rolledBack.jar.set(COOKIE, client.jar.get(COOKIE) ?? "")
      expect((await rolledBack.session())?.user).toMatchObject({ email: "alice@example.test" })
    })

    it("signs an existing user in by e-mail and a new one up, with integer ids", async () => {
      const { config, log, mail } = ours()
      const alice = new AuthClient(config)
      await requestLink(alice, "alice@example.test", { providerId: "email", callbackUrl: "/home" })
      expect(redirectOf(await alice.get(mail.linkFor("alice@example.test")))).toBe(`${ORIGIN}/home`)
      expect((await alice.session())?.user).toMatchObject({ email: "alice@example.test" })

      const dora = new AuthClient(config)
      await requestLink(dora, "dora@example.test", { providerId: "email" })
      await dora.get(mail.linkFor("dora@example.test"))
      const created = await config.adapter?.getUserByEmail?.("dora@example.test")
      expect(Number.isInteger(created?.id)).toBe(true)
      expect((await dora.session())?.user).toMatchObject({ email: "dora@example.test" })
      expect(
        await count(`SELECT count(*) AS n FROM ${table("users")} WHERE email = $1`, [
          "alice@example.test",
        ]),
      ).toBe(1)
      expect(log.errors).toEqual([])
    })

    it("signs bob in to the account Auth.js linked, and links a second provider to alice", async () => {
      const { config, log } = ours()
      const bob = new AuthClient(config)
      const signedIn = await signInAtIdp(bob, idp, "idp", "bob", { callbackUrl: "/home" })
      expect(redirectOf(signedIn)).toBe(`${ORIGIN}/home`)
      expect((await bob.session())?.user).toMatchObject({ email: "bob@example.test" })
      const owner = await config.adapter?.getUserByAccount?.({
        provider: "idp",
        providerAccountId: "bob",
      })
      expect(owner?.id).toBe(ids["bob@example.test"])

      const alice = continueWith(config, authjs.alice)
      await signInAtIdp(alice, idp, "other-idp", "alice-work")
      const linked = await config.adapter?.getUserByAccount?.({
        provider: "other-idp",
        providerAccountId: "alice-work",
      })
      expect(linked?.id).toBe(ids["alice@example.test"])
      expect(await count(`SELECT count(*) AS n FROM ${table("users")}`)).toBe(4)
      expect(log.errors).toEqual([])
    })

    it("stores WebAuthn authenticators for Auth.js's integer users", async () => {
      const adapter = PostgresAdapter(db.authjsClient)
      const userId = ids["alice@example.test"]!
      const authenticator = {
        credentialID: "credential-1",
        userId,
        providerAccountId: "credential-1",
        credentialPublicKey: "public-key",
        counter: 0,
        credentialDeviceType: "singleDevice",
        credentialBackedUp: false,
        transports: "internal",
      }
      const created = await adapter.createAuthenticator?.(authenticator)
      // applySchema made the table, with the timestamp columns.
      expect(created).toEqual({ ...authenticator, createdAt: expect.any(Date), lastUsedAt: null })
      expect(await adapter.listAuthenticatorsByUserId?.(userId)).toEqual([created])
      expect(await adapter.listAuthenticatorsByUserId?.("not-an-integer")).toEqual([])
      expect(await adapter.getUser?.("not-an-integer")).toBeNull()
      expect(await adapter.getUser?.("99999999999")).toBeNull()
    })

    it("signs out: the session row Auth.js created is deleted", async () => {
      const { config } = ours()
      const client = continueWith(config, authjs.noMail)
      const token = client.jar.get(COOKIE)
      const csrfToken = await client.csrfToken()
      expect((await client.postForm("/signout", { csrfToken })).status).toBe(302)
      expect(
        await count(`SELECT count(*) AS n FROM ${table("sessions")} WHERE "sessionToken" = $1`, [
          token,
        ]),
      ).toBe(0)
    })

    it("deleteUser also deletes the sessions and accounts Auth.js's tables do not cascade", async () => {
      const adapter = PostgresAdapter(db.authjsClient)
      const userId = ids["bob@example.test"]!
      expect(await adapter.deleteUser?.(userId)).toMatchObject({ email: "bob@example.test" })
      for (const name of ["sessions", "accounts"]) {
        expect(
          await count(`SELECT count(*) AS n FROM ${table(name)} WHERE "userId" = $1`, [userId]),
        ).toBe(0)
      }
      const session = await AuthjsAuth(
        new Request(`${ORIGIN}/auth/session`, {
          headers: { cookie: `${COOKIE}=${authjs.bob?.jar.get(COOKIE)}` },
        }),
        authjsConfig,
      )
      expect(await session.json()).toBeNull()
    })
  })
}

/**
 * The eight fields Auth.js's core passes to `createAuthenticator`, as an Auth.js app with
 * passkeys stored them: the authenticator's `providerAccountId` is its credential id, as is its
 * WebAuthn account's.
 */
function authjsAuthenticator(credentialID: string, counter: number) {
  return {
    credentialID,
    providerAccountId: credentialID,
    credentialPublicKey: `public-key-of-${credentialID}`,
    counter,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    transports: "internal,hybrid",
  }
}

for (const target of targets) {
  describe(`passkeys an Auth.js app stored in Auth.js's column set, opened by ours (${target.name})`, () => {
    let db: AuthjsDatabase
    let userId: AdapterUser["id"]
    const stored = [
      authjsAuthenticator("key", 2),
      authjsAuthenticator("laptop", 12),
      authjsAuthenticator("phone", 40),
    ]
    /** The stored rows as our adapter returns them, before any migration. */
    const asStored = () =>
      stored.map((row) => ({ ...row, userId, createdAt: null, lastUsedAt: null }))
    const count = async (sql: string, params: unknown[] = []) =>
      Number((((await db.client.query(sql, params)).rows[0] ?? {}) as { n: unknown }).n)

    beforeAll(async () => {
      db = await target.open()
      await db.authjsClient.query(AUTHJS_AUTHENTICATORS_SQL)
      const authjsAdapter = AuthjsPostgresAdapter(db.authjsClient as unknown as Pool)
      const user = await authjsAdapter.createUser!({
        name: "Pat",
        email: "pat@example.test",
        emailVerified: null,
      } as never)
      userId = user.id as AdapterUser["id"]
      for (const row of stored) {
        await authjsAdapter.linkAccount!({
          userId,
          type: "webauthn",
          provider: "passkey",
          providerAccountId: row.credentialID,
        } as never)
        await db.authjsClient.query(
          `INSERT INTO authenticators ("credentialID", "userId", "providerAccountId",
             "credentialPublicKey", counter, "credentialDeviceType", "credentialBackedUp", transports)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            row.credentialID,
            userId,
            row.providerAccountId,
            row.credentialPublicKey,
            row.counter,
            row.credentialDeviceType,
            row.credentialBackedUp,
            row.transports,
          ],
        )
      }
    })

    afterAll(async () => {
      await db?.close()
    })

    it("reads them as they are, with null timestamps, before any migration", async () => {
      const adapter = PostgresAdapter(db.authjsClient)
      const [key] = asStored()
      expect(await adapter.getAuthenticator?.("key")).toEqual(key)
      expect(await adapter.listAuthenticatorsByUserId?.(userId)).toEqual(asStored())
      expect(Number.isInteger((await adapter.getAuthenticator?.("key"))?.userId)).toBe(true)
    })

    it("counts a sign-in and deletes a passkey on the table as it is", async () => {
      const adapter = PostgresAdapter(db.authjsClient)
      const [key, laptop, phone] = asStored()
      expect(await adapter.updateAuthenticatorCounter?.("laptop", 13)).toEqual({
        ...laptop,
        counter: 13,
      })
      expect(await adapter.deleteAuthenticator?.("key")).toEqual(key)
      expect(await adapter.deleteAuthenticator?.("key")).toBeNull()
      expect(await adapter.listAuthenticatorsByUserId?.(userId)).toEqual([
        { ...laptop, counter: 13 },
        phone,
      ])
    })

    it("applySchema adds the two timestamp columns (and the sessions' four); stored passkeys keep null, new use sets them", async () => {
      const columnsOf = async (): Promise<unknown[]> =>
        (
          await db.client.query(
            `SELECT column_name FROM information_schema.columns
             WHERE table_schema = $1 AND table_name = 'authenticators' ORDER BY ordinal_position`,
            [db.schema],
          )
        ).rows.map((row) => (row as { column_name: unknown }).column_name)
      const shapeBefore = await shapeOf(db)
      const columnsBefore = await columnsOf()
      const info: string[] = []
      const applied = await applySchema(db.authjsClient, {
        logger: { info: (message) => info.push(message), warn: () => {} },
      })
      expect(applied).toMatchObject({
        created: [],
        addedColumns: [
          "sessions.createdAt",
          "sessions.lastUsedAt",
          "sessions.userAgent",
          "sessions.ip",
          "authenticators.createdAt",
          "authenticators.lastUsedAt",
        ],
      })
      expect(info).toHaveLength(1)
      expectOnlySessionColumnsAdded(shapeBefore, await shapeOf(db))
      expect(await columnsOf()).toEqual([...columnsBefore, "createdAt", "lastUsedAt"])

      // A process started after the migration.
      const adapter = PostgresAdapter(db.authjsClient)
      const [, laptop, phone] = asStored()
      expect(await adapter.getAuthenticator?.("laptop")).toEqual({ ...laptop, counter: 13 })
      const used = await adapter.updateAuthenticatorCounter?.("phone", 41)
      expect(used).toEqual({ ...phone, counter: 41, lastUsedAt: expect.any(Date) })
      const added = await adapter.createAuthenticator?.({
        ...authjsAuthenticator("tablet", 0),
        userId,
      })
      expect(added).toEqual({
        ...authjsAuthenticator("tablet", 0),
        userId,
        createdAt: expect.any(Date),
        lastUsedAt: null,
      })
    })

    it("deleteUser removes the user's passkeys with it", async () => {
      const adapter = PostgresAdapter(db.authjsClient)
      expect(await adapter.deleteUser?.(userId)).toMatchObject({ email: "pat@example.test" })
      expect(await adapter.listAuthenticatorsByUserId?.(userId)).toEqual([])
      expect(await count(`SELECT count(*) AS n FROM "${db.schema}".authenticators`)).toBe(0)
    })
  })
}
