/**
 * Auth.js's published adapters, as installed from npm, each opened on a fresh database with the
 * tables its documentation creates: `@auth/drizzle-adapter` on PostgreSQL or PGlite,
 * `@auth/kysely-adapter` on PostgreSQL. The Kysely adapter does not run on PGlite here: Kysely
 * ships no PGlite dialect, and the dialect packages there are do not install cleanly next to
 * this workspace's PGlite (see README.md).
 */
import { DrizzleAdapter } from "@auth/drizzle-adapter"
import { type Database, KyselyAdapter, KyselyAuth } from "@auth/kysely-adapter"
import { drizzle as drizzleOnPostgres } from "drizzle-orm/node-postgres"
import { drizzle as drizzleOnPGlite } from "drizzle-orm/pglite"
import { type Kysely, PostgresDialect } from "kysely"
// Relative imports of core's test support, as @auth/pg-adapter's tests do: the flows run on
// core's source.
import type { Adapter, VerificationToken } from "../../core/src/adapters.js"
import type { TableName, TestBackend, TestStore } from "../../core/test/support/backend.js"
import {
  databaseUrl,
  openPGlite,
  openPostgres,
  quoted,
  randomSchemaName,
  type SqlClient,
} from "./databases.js"
import {
  documentedDrizzleSql,
  documentedDrizzleTables,
  drizzleAmendments,
} from "./drizzle-schema.js"
import { KYSELY_DOCUMENTED_SQL, type KyselyDatabase } from "./kysely-schema.js"

/** A published adapter on its own database, and plain SQL access to the tables under it. */
export interface OpenedAdapter {
  adapter: Adapter
  sql: SqlClient
  /** The PostgreSQL schema its tables are in. */
  schema: string
  /** The qualified SQL name of each table core's suites count rows of. */
  tables: Record<TableName, string>
  /** An SQL expression for a verification token's `expires` as a `timestamptz`. */
  tokenExpires: string
  /** Drops what was created and closes every connection. */
  close(): Promise<void>
}

/** The published adapters this package runs. */
export type PublishedAdapter = "@auth/drizzle-adapter" | "@auth/kysely-adapter"

/** One way to open a published adapter; `skip` when its database is not on this machine. */
export interface AdapterTarget {
  name: string
  adapter: PublishedAdapter
  open(): Promise<OpenedAdapter>
  skip: boolean
}

type Engine = "PGlite" | "PostgreSQL"

function qualifiedNames(schema: string, names: Record<TableName, string>) {
  const entries = Object.entries(names).map(([key, name]) => [
    key,
    `${quoted(schema)}.${quoted(name)}`,
  ])
  return Object.fromEntries(entries) as Record<TableName, string>
}

/**
 * `@auth/drizzle-adapter` on `engine`, with the documented tables, and with `amended` the
 * changes of {@link drizzleAmendments} applied to them.
 */
async function openDrizzle(engine: Engine, amended: boolean): Promise<OpenedAdapter> {
  const schema = randomSchemaName()
  const tables = documentedDrizzleTables(schema)
  const statements = [
    ...documentedDrizzleSql(schema),
    ...(amended ? drizzleAmendments(schema) : []),
  ]
  const names = qualifiedNames(schema, {
    users: "user",
    accounts: "account",
    sessions: "session",
    verification_token: "verificationToken",
  })
  // `timestamp` without a time zone, holding UTC as drizzle writes it.
  const tokenExpires = `expires AT TIME ZONE 'UTC'`
  if (engine === "PGlite") {
    const client = await openPGlite(schema, statements)
    return {
      adapter: DrizzleAdapter(drizzleOnPGlite({ client }), tables),
      sql: client,
      schema,
      tables: names,
      tokenExpires,
      close: () => client.close(),
    }
  }
  const database = await openPostgres(requireDatabaseUrl(), schema, statements, {
    searchPath: false,
  })
  return {
    adapter: DrizzleAdapter(drizzleOnPostgres({ client: database.pool }), tables),
    sql: database.pool,
    schema,
    tables: names,
    tokenExpires,
    close: async () => {
      try {
        await database.dropSchema()
      } finally {
        await database.pool.end()
      }
    },
  }
}

/** `@auth/kysely-adapter` with Kysely's own PostgreSQL dialect, on the documented tables. */
async function openKysely(): Promise<OpenedAdapter> {
  const schema = randomSchemaName()
  const database = await openPostgres(requireDatabaseUrl(), schema, KYSELY_DOCUMENTED_SQL, {
    searchPath: true,
  })
  // The docs' `new KyselyAuth<Database>` with their `Database` interface does not type-check
  // (its `GeneratedAlways` ids are not the adapter's `string`), against Auth.js's own core
  // 0.41.2 as against ours; `Codegen`, the docs' way out for generated types, fixes the
  // constructor but not the `KyselyAdapter(db)` call. Hence the cast: the runtime is the docs'.
  const db = new KyselyAuth<KyselyDatabase, unknown>({
    dialect: new PostgresDialect({ pool: database.pool }),
  })
  return {
    adapter: KyselyAdapter(db as unknown as Kysely<Database>),
    sql: database.pool,
    schema,
    tables: qualifiedNames(schema, {
      users: "User",
      accounts: "Account",
      sessions: "Session",
      verification_token: "VerificationToken",
    }),
    tokenExpires: "expires",
    close: async () => {
      try {
        await database.dropSchema()
      } finally {
        await db.destroy() // ends the pool
      }
    },
  }
}

function requireDatabaseUrl(): string {
  if (databaseUrl === undefined) throw new Error("DATABASE_URL is not set: this run is skipped.")
  return databaseUrl
}

/**
 * Where the Drizzle adapter runs: on the PostgreSQL server at `DATABASE_URL` when it is set (CI
 * sets it), else on embedded PGlite; one of the two, to keep the run short.
 */
const DRIZZLE_ENGINE: Engine = databaseUrl === undefined ? "PGlite" : "PostgreSQL"

/** The Drizzle adapter on the documented tables, as they are. */
export const documentedDrizzleTarget: AdapterTarget = {
  adapter: "@auth/drizzle-adapter",
  name: `Auth.js's DrizzleAdapter on ${DRIZZLE_ENGINE}, documented schema`,
  open: () => openDrizzle(DRIZZLE_ENGINE, false),
  skip: false,
}

/**
 * Each published adapter on the tables its docs create. The Kysely adapter needs the server:
 * without `DATABASE_URL` its runs are registered as skipped, so the totals say what did not run.
 */
export const documentedTargets: readonly AdapterTarget[] = [
  documentedDrizzleTarget,
  {
    adapter: "@auth/kysely-adapter",
    name: "Auth.js's KyselyAdapter on PostgreSQL, documented schema",
    open: openKysely,
    skip: databaseUrl === undefined,
  },
]

/** The Drizzle adapter on the documented tables with {@link drizzleAmendments} applied. */
export const amendedDrizzleTarget: AdapterTarget = {
  adapter: "@auth/drizzle-adapter",
  name: `Auth.js's DrizzleAdapter on ${DRIZZLE_ENGINE}, documented schema amended`,
  open: () => openDrizzle(DRIZZLE_ENGINE, true),
  skip: false,
}

/** The store core's flow suites use: the adapter, and counts and tokens read with plain SQL. */
function storeOf(opened: OpenedAdapter): TestStore {
  return {
    adapter: opened.adapter,
    async count(table) {
      const { rows } = await opened.sql.query(
        `SELECT count(*)::int AS n FROM ${opened.tables[table]}`,
      )
      return (rows[0] as { n: number }).n
    },
    async storedTokens() {
      const { rows } = await opened.sql.query(
        `SELECT identifier, token, ${opened.tokenExpires} AS expires
         FROM ${opened.tables.verification_token}`,
      )
      return (rows as VerificationToken[]).map(({ identifier, token, expires }) => ({
        identifier,
        token,
        expires: new Date(expires),
      }))
    },
    close: () => opened.close(),
  }
}

/** A target as a backend of core's flow suites (`describeEmailFlow` and the others). */
export function backendOf(target: AdapterTarget): TestBackend {
  return {
    name: target.name,
    open: async () => storeOf(await target.open()),
    skip: target.skip,
  }
}
