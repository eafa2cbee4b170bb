/**
 * `applySchema` on tables made before the nullable columns added since their first release
 * (an authenticators table's timestamps, the sessions table's columns of session management):
 * the adapter works without them, `applySchema` adds them, and rows stored before keep `NULL`.
 * On PGlite.
 */
import { describe, expect, it } from "vitest"
import { AUTHJS_AUTHENTICATORS_SQL, AUTHJS_SCHEMA_SQL } from "../test/authjs-schema.js"
import { pgliteCopies, recorder } from "../test/pglite-copies.js"
import { PostgresAdapter } from "./adapter.js"
import { applySchema } from "./schema.js"

const open = pgliteCopies()

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
