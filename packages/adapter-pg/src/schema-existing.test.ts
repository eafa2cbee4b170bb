/**
 * `applySchema` on databases that already have tables: it adds what is missing, keyed like the
 * existing `users.id`, alters nothing that exists but for the nullable columns added since a
 * table's first release, logs what it did, and does not stop an app that worked with Auth.js. On PGlite (the same statements run on PostgreSQL in the Auth.js schema
 * suites of `test/`).
 */
import { PGlite, type PGliteInterface } from "@electric-sql/pglite"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { AUTHJS_AUTHENTICATORS_SQL, AUTHJS_SCHEMA_SQL } from "../test/authjs-schema.js"
import { PostgresAdapter } from "./adapter.js"
import { applySchema } from "./schema.js"

const databases: PGliteInterface[] = []
/** An empty database, copied for each test: a copy starts in half the time of a new one. */
let template: PGlite

beforeAll(async () => {
  template = new PGlite()
  await template.waitReady
})

afterAll(async () => {
  await template.close()
})

async function open(sql = ""): Promise<PGliteInterface> {
  const db = await template.clone()
  databases.push(db)
  await db.exec(sql)
  return db
}

function recorder() {
  const log = { info: [] as string[], warn: [] as string[] }
  const logger = {
    info: (message: string) => void log.info.push(message),
    warn: (message: string) => void log.warn.push(message),
  }
  return { log, logger }
}

afterEach(async () => {
  await Promise.all(databases.splice(0).map((db) => db.close()))
})

describe("applySchema on a new database", () => {
  it("logs the tables it creates, then nothing on later runs", async () => {
    const db = await open()
    const { log, logger } = recorder()
    expect(await applySchema(db, { logger })).toEqual({
      schema: "public",
      created: ["users", "accounts", "sessions", "verification_token", "authenticators"],
      addedColumns: [],
      userIdType: "text",
      warnings: [],
    })
    expect(await applySchema(db, { logger })).toEqual({
      schema: "public",
      created: [],
      addedColumns: [],
      userIdType: "text",
      warnings: [],
    })
    expect(log).toEqual({
      info: [
        '[@auth/pg-adapter] Created tables users, accounts, sessions, verification_token, authenticators in schema "public".',
      ],
      warn: [],
    })
  })
})

describe("applySchema on a database with its own users table", () => {
  it.each([
    ["SERIAL", "integer", "not-a-number", "number"],
    ["BIGSERIAL", "bigint", "99999999999999999999", "number"],
    ["UUID DEFAULT gen_random_uuid()", "uuid", "not-a-uuid", "string"],
    ["TEXT DEFAULT md5(random()::text)", "text", undefined, "string"],
    ["VARCHAR(64) DEFAULT md5(random()::text)", "character varying(64)", undefined, "string"],
  ])(
    "keys the new tables like users.id %s, and every flow of the adapter works",
    async (declaration, type, foreignId, idType) => {
      const db = await open(
        `CREATE TABLE users (id ${declaration} PRIMARY KEY, name TEXT, email TEXT UNIQUE,
       "emailVerified" TIMESTAMPTZ, image TEXT)`,
      )
      const { log, logger } = recorder()
      const applied = await applySchema(db, { logger })
      expect(applied).toMatchObject({ userIdType: type, warnings: [] })
      expect(applied.created).toEqual([
        "accounts",
        "sessions",
        "verification_token",
        "authenticators",
      ])
      expect(log.info).toEqual([
        `[@auth/pg-adapter] Created tables accounts, sessions, verification_token, authenticators in schema "public", with "userId" ${type} referencing users.id; the existing tables were left as they are.`,
      ])

      const adapter = PostgresAdapter(db)
      const user = await adapter.createUser!({
        id: "ignored",
        email: "a@example.test",
        emailVerified: null,
      })
      // The id as PGlite types users.id (BIGINT too is a number there; `pg` gives a string).
      expect(typeof user.id).toBe(idType)
      await adapter.linkAccount!({
        userId: user.id,
        type: "oidc",
        provider: "idp",
        providerAccountId: "a",
      })
      const expires = new Date(Date.now() + 60_000)
      const session = await adapter.createSession!({
        sessionToken: "token-a",
        userId: user.id,
        expires,
      })
      // The new sessions table has its own text UUID ids, whatever users.id is.
      expect(session).toEqual({
        id: expect.any(String),
        sessionToken: "token-a",
        userId: user.id,
        expires,
        createdAt: expect.any(Date),
        lastUsedAt: null,
        userAgent: null,
        ip: null,
      })
      expect(await adapter.getSessionAndUser!("token-a")).toEqual({ session, user })
      expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "a" })).toEqual(
        user,
      )
      if (foreignId !== undefined) {
        // An id that cannot be a key of users.id (credentials' own ids) finds nobody.
        expect(await adapter.getUser!(foreignId)).toBeNull()
        expect(await adapter.deleteUser!(foreignId)).toBeNull()
        expect(await adapter.listAuthenticatorsByUserId!(foreignId)).toEqual([])
        await expect(adapter.updateUser!({ id: foreignId, name: "x" })).rejects.toThrow(/no user/)
      }
      expect(await adapter.deleteUser!(user.id)).toEqual(user)
      expect(await adapter.getSessionAndUser!("token-a")).toBeNull()
      expect(
        await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "a" }),
      ).toBeNull()
    },
  )

  it("refers to a users.id type it cannot copy with text and no foreign key, and says so", async () => {
    const db = await open(`CREATE TABLE users (id NUMERIC PRIMARY KEY, name TEXT, email TEXT UNIQUE,
      "emailVerified" TIMESTAMPTZ, image TEXT)`)
    const { log, logger } = recorder()
    const applied = await applySchema(db, { logger })
    expect(applied.created).toHaveLength(4)
    expect(log.warn).toEqual([
      '[@auth/pg-adapter] users.id has the type numeric, which new tables cannot copy: their "userId" columns are text, without a foreign key.',
    ])
    expect(log.info[0]).toMatch(/with "userId" TEXT without a foreign key;/)
  })
})

describe("applySchema on Auth.js's schema", () => {
  it("advises the indexes Auth.js's tables lack, and names missing columns", async () => {
    const db = await open(`${AUTHJS_SCHEMA_SQL} ALTER TABLE users DROP COLUMN image;`)
    const { log, logger } = recorder()
    const applied = await applySchema(db, { logger })
    expect(applied.created).toEqual(["authenticators"])
    expect(log.warn).toEqual([
      '[@auth/pg-adapter] Table users lacks the columns "image", which the adapter reads and writes: add them (see schemaSql()) or the calls that use them fail.',
      '[@auth/pg-adapter] Table users has no unique index on ("email"): two first sign-ins with one address can create two users. When convenient (after removing duplicates): CREATE UNIQUE INDEX CONCURRENTLY ON "public".users ("email");',
      '[@auth/pg-adapter] Table sessions has no unique index on ("sessionToken"): each session read scans the table. When convenient (after removing duplicates): CREATE UNIQUE INDEX CONCURRENTLY ON "public".sessions ("sessionToken");',
      '[@auth/pg-adapter] Table accounts has no unique index on ("provider", "providerAccountId"): one provider account can be linked twice. When convenient (after removing duplicates): CREATE UNIQUE INDEX CONCURRENTLY ON "public".accounts ("provider", "providerAccountId");',
      `[@auth/pg-adapter] Table sessions has no index on ("userId"): listing a user's sessions, signing them out and deleting a user scan the table. When convenient: CREATE INDEX CONCURRENTLY ON "public".sessions ("userId");`,
    ])
    expect(applied.warnings).toEqual(
      log.warn.map((line) => line.replace("[@auth/pg-adapter] ", "")),
    )
  })

  it("starts for a role that may not create tables: authenticators (WebAuthn only) is a warning", async () => {
    const db = await open(`${AUTHJS_SCHEMA_SQL}
      CREATE ROLE app NOLOGIN;
      REVOKE CREATE ON SCHEMA public FROM PUBLIC;
      GRANT USAGE ON SCHEMA public TO app;
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app;
      GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO app;
      SET ROLE app;`)
    const { log, logger } = recorder()
    expect((await applySchema(db, { logger })).created).toEqual([])
    expect(log.info).toEqual([])
    expect(log.warn).toContain(
      '[@auth/pg-adapter] Could not create authenticators in schema "public" (permission denied): WebAuthn needs it. Run the statement from schemaSql() as the schema\'s owner.',
    )
    const adapter = PostgresAdapter(db)
    const user = await adapter.createUser!({
      id: "ignored",
      email: "b@example.test",
      emailVerified: null,
    })
    expect(await adapter.getUserByEmail!("b@example.test")).toEqual(user)
  })

  it("fails for such a role when a table every sign-in needs is missing", async () => {
    const db = await open(`${AUTHJS_SCHEMA_SQL}
      DROP TABLE verification_token;
      CREATE ROLE app NOLOGIN;
      REVOKE CREATE ON SCHEMA public FROM PUBLIC;
      GRANT USAGE ON SCHEMA public TO app;
      SET ROLE app;`)
    await expect(applySchema(db, { logger: recorder().logger })).rejects.toMatchObject({
      code: "42501",
    })
  })
})

/** Auth.js's tables with an authenticators table of Auth.js's column set, and a user. */
const BEFORE_TIMESTAMPS_SQL = `${AUTHJS_SCHEMA_SQL} ${AUTHJS_AUTHENTICATORS_SQL}
  INSERT INTO users (email) VALUES ('old@example.test');`

/** An authenticator of user `userId` with the given id. */
function authenticatorOf(userId: string, credentialID: string) {
  return {
    credentialID,
    userId,
    providerAccountId: credentialID,
    credentialPublicKey: "public-key",
    counter: 0,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
    transports: "internal",
  }
}

/** How `applySchema` names the columns it adds to Auth.js's sessions table, in its log. */
const SESSION_COLUMNS_LOGGED =
  'sessions."createdAt", sessions."lastUsedAt", sessions."userAgent", sessions."ip"'

/** How `applySchema` returns them in `addedColumns`. */
const SESSION_COLUMNS_ADDED = [
  "sessions.createdAt",
  "sessions.lastUsedAt",
  "sessions.userAgent",
  "sessions.ip",
]

describe("an authenticators table made before its timestamps", () => {
  // Auth.js's sessions table, beside it, gets its columns of session management too.
  const ADDED = `${SESSION_COLUMNS_LOGGED}, authenticators."createdAt", authenticators."lastUsedAt"`

  it("works as it is: the adapter reads the timestamps as null and sets none", async () => {
    const db = await open(BEFORE_TIMESTAMPS_SQL)
    const adapter = PostgresAdapter(db)
    const user = (await adapter.getUserByEmail!("old@example.test"))!
    const input = authenticatorOf(user.id, "before")
    const untimed = { ...input, createdAt: null, lastUsedAt: null }
    expect(await adapter.createAuthenticator!(input)).toEqual(untimed)
    expect(await adapter.updateAuthenticatorCounter!("before", 2)).toEqual({
      ...untimed,
      counter: 2,
    })
    expect(await adapter.listAuthenticatorsByUserId!(user.id)).toEqual([{ ...untimed, counter: 2 }])
    expect(await adapter.deleteAuthenticator!("before")).toEqual({ ...untimed, counter: 2 })
    expect(await adapter.getAuthenticator!("before")).toBeNull()
  })

  it("gets both columns from applySchema: rows stored before keep NULL, new writes set them", async () => {
    const db = await open(`${BEFORE_TIMESTAMPS_SQL}
      INSERT INTO authenticators VALUES ('stored', 1, 'stored', 'key', 3, 'singleDevice', false, NULL);`)
    const { log, logger } = recorder()
    const applied = await applySchema(db, { logger })
    expect(applied).toMatchObject({
      created: [],
      addedColumns: [
        ...SESSION_COLUMNS_ADDED,
        "authenticators.createdAt",
        "authenticators.lastUsedAt",
      ],
    })
    expect(log.info).toEqual([
      `[@auth/pg-adapter] Added the columns ${ADDED} in schema "public"; the rows stored before have them NULL.`,
    ])
    expect(log.warn.join("\n")).not.toMatch(/authenticators/)

    const adapter = PostgresAdapter(db)
    expect(await adapter.getAuthenticator!("stored")).toMatchObject({
      counter: 3,
      createdAt: null,
      lastUsedAt: null,
    })
    const used = await adapter.updateAuthenticatorCounter!("stored", 4)
    expect(used).toMatchObject({ counter: 4, createdAt: null, lastUsedAt: expect.any(Date) })
    const created = await adapter.createAuthenticator!(authenticatorOf(used.userId, "after"))
    expect(created).toMatchObject({ createdAt: expect.any(Date), lastUsedAt: null })
    // The default covers rows that other tools insert.
    await db.query(
      `INSERT INTO authenticators VALUES ('by-sql', 1, 'by-sql', 'key', 0, 'singleDevice', false, NULL)`,
    )
    expect((await adapter.getAuthenticator!("by-sql"))?.createdAt).toBeInstanceOf(Date)

    const again = await applySchema(db, { logger })
    expect(again.addedColumns).toEqual([])
    expect(log.info).toHaveLength(1)
  })

  it("starts for a role that does not own the table: the columns are a warning", async () => {
    const db = await open(`${BEFORE_TIMESTAMPS_SQL}
      CREATE ROLE app NOLOGIN;
      GRANT USAGE ON SCHEMA public TO app;
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app;
      GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO app;
      SET ROLE app;`)
    const { log, logger } = recorder()
    expect(await applySchema(db, { logger })).toMatchObject({ created: [], addedColumns: [] })
    expect(log.info).toEqual([])
    expect(log.warn).toContain(
      `[@auth/pg-adapter] Could not add the columns ${ADDED} in schema "public" (permission denied): the adapter works without them and reads them as null. Run as the table's owner: ALTER TABLE sessions ADD COLUMN IF NOT EXISTS "createdAt" TIMESTAMPTZ, ADD COLUMN IF NOT EXISTS "lastUsedAt" TIMESTAMPTZ, ADD COLUMN IF NOT EXISTS "userAgent" TEXT, ADD COLUMN IF NOT EXISTS "ip" TEXT; ALTER TABLE sessions ALTER COLUMN "createdAt" SET DEFAULT now(); ALTER TABLE authenticators ADD COLUMN IF NOT EXISTS "createdAt" TIMESTAMPTZ, ADD COLUMN IF NOT EXISTS "lastUsedAt" TIMESTAMPTZ; ALTER TABLE authenticators ALTER COLUMN "createdAt" SET DEFAULT now();`,
    )
    const adapter = PostgresAdapter(db)
    const user = (await adapter.getUserByEmail!("old@example.test"))!
    await adapter.createAuthenticator!(authenticatorOf(user.id, "app"))
    expect(await adapter.updateAuthenticatorCounter!("app", 1)).toMatchObject({
      counter: 1,
      createdAt: null,
      lastUsedAt: null,
    })
  })
})

/** A session of user `userId` with every field of session management. */
function sessionOf(userId: string, sessionToken: string) {
  return {
    sessionToken,
    userId,
    expires: new Date(Date.now() + 86_400_000),
    createdAt: new Date("2026-03-01T10:00:00.000Z"),
    lastUsedAt: new Date("2026-03-02T08:30:00.000Z"),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
    ip: "203.0.113.7",
  }
}

const UNKNOWN_FIELDS = { createdAt: null, lastUsedAt: null, userAgent: null, ip: null }

describe("Auth.js's sessions table, without the columns of session management", () => {
  it("works as it is: the fields given are not stored, and read as null", async () => {
    const db = await open(BEFORE_TIMESTAMPS_SQL)
    const adapter = PostgresAdapter(db)
    const user = (await adapter.getUserByEmail!("old@example.test"))!
    const input = sessionOf(user.id, "a")
    const a = await adapter.createSession!(input)
    const { sessionToken, userId, expires: inOneDay } = input
    expect(a).toEqual({
      id: expect.any(Number),
      sessionToken,
      userId,
      expires: inOneDay,
      ...UNKNOWN_FIELDS,
    })
    const b = await adapter.createSession!(sessionOf(user.id, "b"))
    expect(await adapter.listSessions!(user.id)).toEqual([a, b])
    expect((await adapter.getSessionAndUser!("a"))?.session).toEqual(a)

    const expires = new Date(Date.now() + 2 * 86_400_000)
    const lastUsedAt = new Date()
    const extended = { ...a, expires }
    expect(await adapter.updateSession!({ sessionToken: "a", expires, lastUsedAt })).toEqual(
      extended,
    )
    expect(await adapter.updateSession!({ sessionToken: "a", lastUsedAt })).toEqual(extended)

    expect(await adapter.deleteSessions!(user.id, { except: "a" })).toEqual([b])
    expect(await adapter.listSessions!(user.id)).toEqual([extended])
    expect(await adapter.deleteSession!("a")).toEqual(extended)
  })

  it("gets the four columns from applySchema: sessions stored before keep NULL, new ones keep the fields", async () => {
    const db = await open(`${BEFORE_TIMESTAMPS_SQL}
      INSERT INTO sessions ("userId", expires, "sessionToken")
      VALUES (1, now() + interval '1 day', 'stored');`)
    const { log, logger } = recorder()
    expect((await applySchema(db, { logger })).addedColumns).toEqual(
      expect.arrayContaining(SESSION_COLUMNS_ADDED),
    )
    expect(log.info[0]).toContain(`Added the columns ${SESSION_COLUMNS_LOGGED}`)

    const adapter = PostgresAdapter(db)
    const user = (await adapter.getUserByEmail!("old@example.test"))!
    const [stored] = await adapter.listSessions!(user.id)
    expect(stored).toMatchObject({ sessionToken: "stored", ...UNKNOWN_FIELDS })
    const lastUsedAt = new Date("2026-03-03T12:00:00.000Z")
    expect(await adapter.updateSession!({ sessionToken: "stored", lastUsedAt })).toEqual({
      ...stored,
      lastUsedAt,
    })
    const input = sessionOf(user.id, "after")
    expect(await adapter.createSession!(input)).toEqual({ ...input, id: expect.any(Number) })
    // The default covers the sessions that other tools insert (Auth.js's adapter, after a rollback).
    await db.query(
      `INSERT INTO sessions ("userId", expires, "sessionToken")
       VALUES (1, now() + interval '1 day', 'by-sql')`,
    )
    expect((await adapter.getSessionAndUser!("by-sql"))?.session.createdAt).toBeInstanceOf(Date)
    expect(await adapter.deleteSessions!(user.id)).toHaveLength(3)
  })
})
