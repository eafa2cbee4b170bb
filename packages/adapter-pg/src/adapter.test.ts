import { runAdapterContract } from "@auth/adapter-test"
import { describe } from "vitest"
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

contractFor("PostgresAdapter (PGlite)", () => openPGlite())

// Without a server to talk to (no DATABASE_URL) the PostgreSQL run is reported as skipped.
const databaseUrl = process.env.DATABASE_URL
describe.skipIf(!databaseUrl)("on a PostgreSQL server", () => {
  contractFor("PostgresAdapter (PostgreSQL)", () => openPostgres(databaseUrl!))
})
