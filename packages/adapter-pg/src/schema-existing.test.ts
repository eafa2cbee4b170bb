/**
 * `applySchema` on databases that already have tables: it adds what is missing, keyed like the
 * existing `users.id`, alters nothing that exists, logs what it did, and does not stop an app
 * that worked with Auth.js (the columns added since a table's first release:
 * `schema-added-columns.test.ts`). On PGlite; the same statements run on PostgreSQL in the
 * Auth.js schema suites of `test/`.
 */
import { describe, expect, it } from "vitest"
import { AUTHJS_SCHEMA_SQL } from "../test/authjs-schema.js"
import { pgliteCopies, recorder } from "../test/pglite-copies.js"
import { PostgresAdapter } from "./adapter.js"
import { applySchema } from "./schema.js"

const open = pgliteCopies()

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
