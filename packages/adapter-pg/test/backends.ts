/**
 * The stores on which core's flow suites run in this package: PGlite always, and a real
 * PostgreSQL server when `DATABASE_URL` is set; each with our schema, and with the schema of
 * Auth.js's `@auth/pg-adapter` (integer ids) extended by our `applySchema`. Each suite opens its
 * own database (PGlite) or its own freshly created schema (PostgreSQL, dropped when the suite
 * closes it).
 */
// Relative imports of core's test support, so that these tests run against core's source.
import type { TableName, TestBackend, TestStore } from "../../core/test/support/backend.js"
import { PostgresAdapter } from "../src/index.js"
import { toVerificationToken } from "../src/rows.js"
import { applySchema } from "../src/schema.js"
import { openAuthjsPGlite, openAuthjsPostgres } from "./authjs-schema.js"
import { openPGlite, openPostgres, quietLogger, type TestDatabase } from "./databases.js"

function storeOf(database: TestDatabase): TestStore {
  const table = (name: TableName) => `"${database.schema}".${name}`
  return {
    adapter: PostgresAdapter(database.client, { schema: database.schema }),
    async count(name) {
      const { rows } = await database.client.query(`SELECT count(*)::int AS n FROM ${table(name)}`)
      return (rows[0] as { n: number }).n
    },
    async storedTokens() {
      const { rows } = await database.client.query(
        `SELECT identifier, token, expires FROM ${table("verification_token")}`,
      )
      return rows.map(toVerificationToken)
    },
    close: () => database.close(),
  }
}

/** An in-memory PGlite database per suite. */
export const pgliteBackend: TestBackend = {
  name: "PostgresAdapter on PGlite",
  open: async () => storeOf(await openPGlite()),
}

const databaseUrl = process.env.DATABASE_URL

/**
 * A fresh schema per suite on the server at `DATABASE_URL`; without it, the suites on it are
 * registered as skipped, so the totals say what did not run.
 */
export const postgresBackend: TestBackend = {
  name: "PostgresAdapter on PostgreSQL",
  open: async () => storeOf(await openPostgres(databaseUrl!)),
  skip: !databaseUrl,
}

/** A database made with Auth.js's schema, then opened by us as an upgraded app would. */
async function upgraded(database: TestDatabase): Promise<TestStore> {
  await applySchema(database.client, { schema: database.schema, logger: quietLogger })
  return storeOf(database)
}

/**
 * The backends every suite is registered on: PGlite, and PostgreSQL (skipped without a server);
 * each with our schema and with Auth.js's.
 */
export const backends: TestBackend[] = [
  pgliteBackend,
  {
    name: "PostgresAdapter on PGlite with Auth.js's schema",
    open: async () => upgraded(await openAuthjsPGlite()),
  },
  postgresBackend,
  {
    name: "PostgresAdapter on PostgreSQL with Auth.js's schema",
    open: async () => upgraded(await openAuthjsPostgres(databaseUrl!)),
    skip: !databaseUrl,
  },
]
