import { runAdapterContract } from "@auth/adapter-test"
import { describe } from "vitest"
import { openAuthjsPGlite, openAuthjsPostgres, withAdvisedIndexes } from "../test/authjs-schema.js"
import { openPGlite, openPostgres, type TestDatabase } from "../test/databases.js"
import { PostgresAdapter } from "./index.js"

function contractFor(name: string, open: () => Promise<TestDatabase>): void {
  let database: TestDatabase | undefined
  runAdapterContract({
    name,
    setup: async () => {
      database = await open()
    },
    adapter: () => {
      if (database === undefined) throw new Error("setup did not open the database.")
      return PostgresAdapter(database.client, { schema: database.schema })
    },
    teardown: async () => {
      await database?.close()
    },
  })
}

// Our schema (text UUID ids), and Auth.js's (SERIAL integer ids, returned as numbers) as an app
// upgraded from it has it: applySchema run, and the unique indexes it advises created.
contractFor("PostgresAdapter (PGlite)", () => openPGlite())
contractFor("PostgresAdapter (PGlite, Auth.js's schema)", async () =>
  withAdvisedIndexes(await openAuthjsPGlite()),
)

// Without a server to talk to (no DATABASE_URL) the PostgreSQL runs are reported as skipped.
const databaseUrl = process.env.DATABASE_URL
describe.skipIf(!databaseUrl)("on a PostgreSQL server", () => {
  contractFor("PostgresAdapter (PostgreSQL)", () => openPostgres(databaseUrl!))
  contractFor("PostgresAdapter (PostgreSQL, Auth.js's schema)", async () =>
    withAdvisedIndexes(await openAuthjsPostgres(databaseUrl!)),
  )
})
