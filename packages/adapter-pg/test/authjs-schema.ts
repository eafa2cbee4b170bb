/**
 * Databases as Auth.js's `@auth/pg-adapter` 1.11.3 users have them: the schema its
 * documentation gives (https://authjs.dev/getting-started/adapters/pg#schema: `SERIAL` integer
 * ids, `VARCHAR(255)` columns, no foreign keys, no unique e-mail or session token), on PGlite or
 * in a fresh schema of a PostgreSQL server.
 */
import type { PGlite } from "@electric-sql/pglite"
import pg from "pg"
import type { Queryable } from "../src/queryable.js"
import { applySchema } from "../src/schema.js"
import {
  dropSchema,
  quietLogger,
  randomSchemaName,
  sharedPGlite,
  type TestDatabase,
} from "./databases.js"

/** The documented tables, created in the schema first on the `search_path`. */
export const AUTHJS_SCHEMA_SQL = `
CREATE TABLE verification_token (
  identifier TEXT NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  token TEXT NOT NULL,
  PRIMARY KEY (identifier, token)
);
CREATE TABLE accounts (
  id SERIAL,
  "userId" INTEGER NOT NULL,
  type VARCHAR(255) NOT NULL,
  provider VARCHAR(255) NOT NULL,
  "providerAccountId" VARCHAR(255) NOT NULL,
  refresh_token TEXT,
  access_token TEXT,
  expires_at BIGINT,
  id_token TEXT,
  scope TEXT,
  session_state TEXT,
  token_type TEXT,
  PRIMARY KEY (id)
);
CREATE TABLE sessions (
  id SERIAL,
  "userId" INTEGER NOT NULL,
  expires TIMESTAMPTZ NOT NULL,
  "sessionToken" VARCHAR(255) NOT NULL,
  PRIMARY KEY (id)
);
CREATE TABLE users (
  id SERIAL,
  name VARCHAR(255),
  email VARCHAR(255),
  "emailVerified" TIMESTAMPTZ,
  image TEXT,
  PRIMARY KEY (id)
);`

/**
 * An `authenticators` table with Auth.js's column set: the fields of its `Authenticator` model
 * (as its Prisma and Drizzle adapters declare it: `"credentialID"` unique, the key
 * `("userId", "credentialID")`, deleted with the user), keyed like {@link AUTHJS_SCHEMA_SQL}'s
 * users. It is also the table this package's `applySchema` made before the `"createdAt"` and
 * `"lastUsedAt"` columns: what a database with passkeys stored before them looks like.
 */
export const AUTHJS_AUTHENTICATORS_SQL = `
CREATE TABLE authenticators (
  "credentialID" TEXT NOT NULL UNIQUE,
  "userId" INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  "providerAccountId" TEXT NOT NULL,
  "credentialPublicKey" TEXT NOT NULL,
  counter INTEGER NOT NULL,
  "credentialDeviceType" TEXT NOT NULL,
  "credentialBackedUp" BOOLEAN NOT NULL,
  transports TEXT,
  PRIMARY KEY ("userId", "credentialID")
);`

/**
 * A database with Auth.js's tables and no rows. `client` is for our adapter (with `schema`);
 * `authjsClient` is for Auth.js's, which names its tables without a schema.
 */
export interface AuthjsDatabase extends TestDatabase {
  authjsClient: Queryable
}

/**
 * Auth.js's adapter reads `rowCount`, which PGlite does not set (it has `affectedRows`): the
 * view of a PGlite database that a `pg.Pool` would give it.
 */
export function withRowCount(db: PGlite, schema = "public"): Queryable {
  return {
    async query(text, params) {
      // The file's PGlite is one session that suites share: each query names its schema first.
      if (schema !== "public") await db.exec(`SET search_path TO "${schema}"`)
      const result = await db.query(text, params)
      return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) }
    },
  }
}

/** A fresh schema with Auth.js's tables in this file's PGlite; `close` drops the schema. */
export async function openAuthjsPGlite(): Promise<AuthjsDatabase> {
  const db = sharedPGlite()
  const schema = randomSchemaName()
  await db.exec(
    `CREATE SCHEMA "${schema}"; SET search_path TO "${schema}"; ${AUTHJS_SCHEMA_SQL}; SET search_path TO public`,
  )
  return {
    client: db,
    authjsClient: withRowCount(db, schema),
    schema,
    close: async () => {
      await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    },
  }
}

/**
 * A fresh schema with Auth.js's tables on the server at `connectionString`; `close` drops it
 * and ends both pools.
 */
export async function openAuthjsPostgres(connectionString: string): Promise<AuthjsDatabase> {
  const schema = randomSchemaName()
  const client = new pg.Pool({ connectionString, max: 10 })
  await client.query(
    `CREATE SCHEMA "${schema}"; SET LOCAL search_path TO "${schema}"; ${AUTHJS_SCHEMA_SQL}`,
  )
  const authjsClient = new pg.Pool({
    connectionString,
    max: 5,
    options: `-c search_path=${schema}`,
  })
  return { client, authjsClient, schema, close: () => dropSchema(client, schema, authjsClient) }
}

/**
 * The database as an app upgraded from Auth.js has it once it follows `applySchema`'s advice:
 * the `authenticators` table and the sessions' columns of session management added, the unique
 * indexes Auth.js's tables lack created (the adapter contract requires a second user with the
 * same e-mail, or a second link of one provider account, to be refused), and the index on
 * `sessions("userId")`.
 */
export async function withAdvisedIndexes(database: AuthjsDatabase): Promise<AuthjsDatabase> {
  await applySchema(database.client, { schema: database.schema, logger: quietLogger })
  const schema = `"${database.schema}"`
  await database.client.query(`CREATE UNIQUE INDEX ON ${schema}.users (email)`)
  await database.client.query(`CREATE UNIQUE INDEX ON ${schema}.sessions ("sessionToken")`)
  await database.client.query(
    `CREATE UNIQUE INDEX ON ${schema}.accounts (provider, "providerAccountId")`,
  )
  await database.client.query(`CREATE INDEX ON ${schema}.sessions ("userId")`)
  const { warnings } = await applySchema(database.client, {
    schema: database.schema,
    logger: quietLogger,
  })
  if (warnings.length > 0) throw new Error(`Advice left to follow: ${warnings.join(" ")}`)
  return database
}
