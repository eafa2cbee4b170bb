/** The example database on embedded PGlite: opened on first use, once per process. */
import { mkdtemp, readdir, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"
import { closeExampleDatabases, exampleDatabase } from "./database.js"

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "example-database-"))
})

afterAll(async () => {
  await closeExampleDatabases()
  await rm(dataDir, { recursive: true, force: true })
})

describe("exampleDatabase", () => {
  it(
    "is PGlite in <EXAMPLE_DATA_DIR>/pglite, with the tables in the schema, made on first use",
    async () => {
      const env = { EXAMPLE_DATA_DIR: dataDir }
      const db = exampleDatabase(undefined, { schema: "examples", env })
      expect(await readdir(dataDir)).toEqual([])

      const { rows } = await db.query("SELECT count(*)::int AS users FROM examples.users")

      expect(rows).toEqual([{ users: 0 }])
      expect(await readdir(dataDir)).toEqual(["pglite"])
      // A fresh PGlite folder is a whole `initdb`: tens of seconds on a busy machine.
    },
    scaled(120_000),
  )

  it("is one connection per process for the same database, folder and schema", () => {
    const env = { EXAMPLE_DATA_DIR: dataDir }
    const db = exampleDatabase(undefined, { schema: "examples", env })
    expect(exampleDatabase("", { schema: "examples", env })).toBe(db)
    expect(exampleDatabase(undefined, { schema: "other", env })).not.toBe(db)
  })
})
