import { PGlite } from "@electric-sql/pglite"
import pg from "pg"
import type { Queryable } from "../src/queryable.js"
import { applySchema, type SchemaLogger } from "../src/schema.js"

/** A database for one test suite, and how to dispose of it. */
export interface TestDatabase {
  client: Queryable
  schema: string
  close(): Promise<void>
}

/** A logger for `applySchema` that keeps test output clean; what it logs is asserted elsewhere. */
export const quietLogger: SchemaLogger = { info: () => {}, warn: () => {} }

/** A schema name no other run uses, so runs against a shared server never collide. */
export function randomSchemaName(): string {
  return `auth_test_${crypto.randomUUID().replaceAll("-", "")}`
}

let shared: PGlite | undefined

/**
 * The in-memory PGlite database of this test file (each file runs in a worker of its own):
 * starting one takes seconds, a schema in it milliseconds, so suites share one and each takes a
 * fresh schema. Never closed: it ends with the worker.
 */
export function sharedPGlite(): PGlite {
  shared ??= new PGlite()
  return shared
}

/** A fresh schema with the tables applied in this file's PGlite; `close` drops the schema. */
export async function openPGlite(schema = randomSchemaName()): Promise<TestDatabase> {
  const client = sharedPGlite()
  await applySchema(client, { schema, logger: quietLogger })
  return {
    client,
    schema,
    close: async () => {
      await client.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    },
  }
}

/**
 * A fresh schema with the tables applied on the server at `connectionString`; `close` drops
 * the schema and ends the pool.
 */
export async function openPostgres(
  connectionString: string,
  schema = randomSchemaName(),
): Promise<TestDatabase> {
  const client = new pg.Pool({ connectionString, max: 10 })
  await applySchema(client, { schema, logger: quietLogger })
  return { client, schema, close: () => dropSchema(client, schema) }
}

/** Drops `schema` through `client`, then ends `client` and every other pool given. */
export async function dropSchema(
  client: pg.Pool,
  schema: string,
  ...others: pg.Pool[]
): Promise<void> {
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  } finally {
    await Promise.all([client, ...others].map((pool) => pool.end()))
  }
}
