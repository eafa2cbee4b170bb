import { PGlite } from "@electric-sql/pglite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  openPostgres,
  quietLogger,
  randomSchemaName,
  type TestDatabase,
} from "../test/databases.js"
import { applySchema, PostgresAdapter, schemaSql } from "./index.js"
import type { Queryable } from "./queryable.js"

const TABLES = ["accounts", "authenticators", "sessions", "users", "verification_token"]

/** Validation happens before any query: a client that must never be called. */
const unusedClient: Queryable = {
  query: () => Promise.reject(new Error("No query expected.")),
}

async function tablesIn(client: Queryable, schema: string): Promise<string[]> {
  const { rows } = await client.query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1",
    [schema],
  )
  return rows.map((row) => (row as { table_name: string }).table_name)
}

describe("schemaSql", () => {
  it("creates every table in the public schema by default", () => {
    const sql = schemaSql()
    for (const table of TABLES) {
      expect(sql).toContain(`CREATE TABLE IF NOT EXISTS "public".${table} (`)
    }
    expect(sql).not.toContain("CREATE SCHEMA")
  })

  it("creates a named schema first", () => {
    expect(schemaSql("auth").startsWith(`CREATE SCHEMA IF NOT EXISTS "auth";`)).toBe(true)
  })

  it.each([
    "",
    "1auth",
    'auth"; DROP TABLE users; --',
    "auth.users",
    "auth-schema",
    "a".repeat(64),
  ])("rejects the schema name %j, as does PostgresAdapter", (schema) => {
    expect(() => schemaSql(schema)).toThrow(TypeError)
    expect(() => PostgresAdapter(unusedClient, { schema })).toThrow(TypeError)
  })
})

/** Tests of `applySchema` against the database `database()` returns, in `schema`. */
function applySchemaTests(label: string, database: () => Queryable, schema: string): void {
  it(`creates every table in ${label}`, async () => {
    await applySchema(database(), { schema, logger: quietLogger })
    expect(await tablesIn(database(), schema)).toEqual(TABLES)
  })

  it(`is idempotent in ${label}: a second run keeps tables and data`, async () => {
    const client = database()
    await applySchema(client, { schema, logger: quietLogger })
    const adapter = PostgresAdapter(client, { schema })
    const user = await adapter.createUser!({
      id: "ignored",
      email: `${crypto.randomUUID()}@example.com`,
      emailVerified: null,
    })
    await applySchema(client, { schema, logger: quietLogger })
    await applySchema(client, { schema, logger: quietLogger })
    expect(await tablesIn(client, schema)).toEqual(TABLES)
    expect(await adapter.getUser!(user.id)).toEqual(user)
  })

  it(`survives concurrent runs in ${label}`, async () => {
    const runs = Array.from({ length: 5 }, () =>
      applySchema(database(), { schema, logger: quietLogger }),
    )
    await Promise.all(runs)
    expect(await tablesIn(database(), schema)).toEqual(TABLES)
  })
}

describe("applySchema (PGlite)", () => {
  let db: PGlite

  beforeAll(() => {
    db = new PGlite()
  })

  afterAll(async () => {
    await db.close()
  })

  applySchemaTests("the public schema", () => db, "public")
  applySchemaTests("a named schema", () => db, "auth")

  it("matches schemaSql(), which runs as a script", async () => {
    await db.exec(schemaSql("from_sql"))
    expect(await tablesIn(db, "from_sql")).toEqual(TABLES)
  })
})

// Without a server to talk to (no DATABASE_URL) these are reported as skipped.
const databaseUrl = process.env.DATABASE_URL
describe.skipIf(!databaseUrl)("applySchema (PostgreSQL)", () => {
  // Never the server's public schema: every schema here is new and dropped afterwards.
  const schema = randomSchemaName()
  const race = randomSchemaName()
  let database: TestDatabase

  beforeAll(async () => {
    database = await openPostgres(databaseUrl!, schema)
  })

  afterAll(async () => {
    await database.client.query(`DROP SCHEMA IF EXISTS "${race}" CASCADE`)
    await database.close()
  })

  applySchemaTests("a fresh schema", () => database.client, schema)

  it("creates schema and tables when concurrent runs race on a new schema", async () => {
    const runs = Array.from({ length: 5 }, () =>
      applySchema(database.client, { schema: race, logger: quietLogger }),
    )
    await Promise.all(runs)
    expect(await tablesIn(database.client, race)).toEqual(TABLES)
  })
})
