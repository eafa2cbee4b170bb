/**
 * The PostgreSQL tables of Auth.js's Drizzle adapter as its documentation has users declare
 * them (https://authjs.dev/getting-started/adapters/drizzle, "Schemas", PostgreSQL), and the SQL
 * `drizzle-kit generate` makes of them, written out here (drizzle-kit itself is not installed:
 * its `tsx` would become the optional peer of every `vite` in the workspace).
 * drizzle-schema.test.ts checks that this SQL makes exactly the declared tables. The one change
 * is where the tables live: in a schema of their own (`pgSchema`) rather than in `public`, so
 * that runs sharing a server never meet.
 */
import type { AdapterAccountType } from "@auth/core/adapters"
import { boolean, integer, pgSchema, primaryKey, text, timestamp } from "drizzle-orm/pg-core"
import { quoted } from "./databases.js"

/** The five tables, declared in `schemaName` with the columns and keys the docs give. */
export function documentedDrizzleTables(schemaName: string) {
  const schema = pgSchema(schemaName)

  const usersTable = schema.table("user", {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text("name"),
    email: text("email").unique(),
    emailVerified: timestamp("emailVerified", { mode: "date" }),
    image: text("image"),
  })

  // The docs wrap each composite key in an object inside the array, `[{ compoundKey: … }]`;
  // drizzle reads only the builders themselves from that array, so drizzle-kit creates the
  // account, verificationToken and authenticator tables without their primary keys (see
  // documented/known-deviations.ts).
  const accountsTable = schema.table(
    "account",
    {
      userId: text("userId")
        .notNull()
        .references(() => usersTable.id, { onDelete: "cascade" }),
      type: text("type").$type<AdapterAccountType>().notNull(),
      provider: text("provider").notNull(),
      providerAccountId: text("providerAccountId").notNull(),
      refresh_token: text("refresh_token"),
      access_token: text("access_token"),
      expires_at: integer("expires_at"),
      token_type: text("token_type"),
      scope: text("scope"),
      id_token: text("id_token"),
      session_state: text("session_state"),
    },
    (account) => [
      { compoundKey: primaryKey({ columns: [account.provider, account.providerAccountId] }) },
    ],
  )

  const sessionsTable = schema.table("session", {
    sessionToken: text("sessionToken").primaryKey(),
    userId: text("userId")
      .notNull()
      .references(() => usersTable.id, { onDelete: "cascade" }),
    expires: timestamp("expires", { mode: "date" }).notNull(),
  })

  const verificationTokensTable = schema.table(
    "verificationToken",
    {
      identifier: text("identifier").notNull(),
      token: text("token").notNull(),
      expires: timestamp("expires", { mode: "date" }).notNull(),
    },
    (verificationToken) => [
      {
        compositePk: primaryKey({
          columns: [verificationToken.identifier, verificationToken.token],
        }),
      },
    ],
  )

  const authenticatorsTable = schema.table(
    "authenticator",
    {
      credentialID: text("credentialID").notNull().unique(),
      userId: text("userId")
        .notNull()
        .references(() => usersTable.id, { onDelete: "cascade" }),
      providerAccountId: text("providerAccountId").notNull(),
      credentialPublicKey: text("credentialPublicKey").notNull(),
      counter: integer("counter").notNull(),
      credentialDeviceType: text("credentialDeviceType").notNull(),
      credentialBackedUp: boolean("credentialBackedUp").notNull(),
      transports: text("transports"),
    },
    (authenticator) => [
      { compositePK: primaryKey({ columns: [authenticator.userId, authenticator.credentialID] }) },
    ],
  )

  return { usersTable, accountsTable, sessionsTable, verificationTokensTable, authenticatorsTable }
}

/** The tables as the Drizzle adapter takes them, its second argument. */
export type DrizzleTables = ReturnType<typeof documentedDrizzleTables>

/**
 * The SQL `drizzle-kit generate` writes for {@link documentedDrizzleTables}: no primary key on
 * `account`, `verificationToken` and `authenticator` (the docs' keys are lost), `timestamp`
 * without a time zone, foreign keys that delete with the user.
 */
export function documentedDrizzleSql(schemaName: string): string[] {
  const table = (name: string) => `${quoted(schemaName)}.${quoted(name)}`
  const deletedWithUser = (name: string) =>
    `ALTER TABLE ${table(name)} ADD CONSTRAINT ${quoted(`${name}_userId_user_id_fk`)}
     FOREIGN KEY ("userId") REFERENCES ${table("user")} (id) ON DELETE CASCADE ON UPDATE NO ACTION`
  return [
    `CREATE TABLE ${table("user")} (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT,
      email TEXT,
      "emailVerified" TIMESTAMP,
      image TEXT,
      CONSTRAINT "user_email_unique" UNIQUE (email)
    )`,
    `CREATE TABLE ${table("account")} (
      "userId" TEXT NOT NULL,
      type TEXT NOT NULL,
      provider TEXT NOT NULL,
      "providerAccountId" TEXT NOT NULL,
      refresh_token TEXT,
      access_token TEXT,
      expires_at INTEGER,
      token_type TEXT,
      scope TEXT,
      id_token TEXT,
      session_state TEXT
    )`,
    `CREATE TABLE ${table("session")} (
      "sessionToken" TEXT PRIMARY KEY NOT NULL,
      "userId" TEXT NOT NULL,
      expires TIMESTAMP NOT NULL
    )`,
    `CREATE TABLE ${table("verificationToken")} (
      identifier TEXT NOT NULL,
      token TEXT NOT NULL,
      expires TIMESTAMP NOT NULL
    )`,
    `CREATE TABLE ${table("authenticator")} (
      "credentialID" TEXT NOT NULL,
      "userId" TEXT NOT NULL,
      "providerAccountId" TEXT NOT NULL,
      "credentialPublicKey" TEXT NOT NULL,
      counter INTEGER NOT NULL,
      "credentialDeviceType" TEXT NOT NULL,
      "credentialBackedUp" BOOLEAN NOT NULL,
      transports TEXT,
      CONSTRAINT "authenticator_credentialID_unique" UNIQUE ("credentialID")
    )`,
    deletedWithUser("account"),
    deletedWithUser("session"),
    deletedWithUser("authenticator"),
  ]
}

/**
 * What an app following the contract adds to the documented tables, as an upgraded app adds
 * the unique indexes `@auth/pg-adapter`'s `applySchema` advises: the composite keys the docs
 * meant to declare, and a counter wide enough for every WebAuthn sign count (an unsigned 32-bit
 * integer; `integer` is signed). The declarations above stay as documented: their `integer`
 * column reads a `bigint` back as a number (drizzle parses the string the driver returns).
 */
export function drizzleAmendments(schemaName: string): string[] {
  const table = (name: string) => `${quoted(schemaName)}.${quoted(name)}`
  return [
    `ALTER TABLE ${table("account")} ADD PRIMARY KEY (provider, "providerAccountId")`,
    `ALTER TABLE ${table("verificationToken")} ADD PRIMARY KEY (identifier, token)`,
    `ALTER TABLE ${table("authenticator")} ADD PRIMARY KEY ("userId", "credentialID")`,
    `ALTER TABLE ${table("authenticator")} ALTER COLUMN counter TYPE bigint`,
  ]
}
