/**
 * The SQL of drizzle-schema.ts makes exactly the tables the documented Drizzle declarations
 * describe, as drizzle reads them (`getTableConfig`, what `drizzle-kit` reads too): the same
 * columns with the same types and nullability, the same primary keys, unique constraints and
 * foreign keys. So the runs on the "documented schema" run on what a user of the docs gets.
 */
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { documentedDrizzleTarget, type OpenedAdapter } from "./adapters.js"
import { documentedDrizzleTables } from "./drizzle-schema.js"

/** A table's shape, as drizzle declares it or as the database has it. */
interface TableShape {
  columns: Array<{ name: string; type: string; notNull: boolean }>
  /** Each constraint as its kind and sorted columns: `"p:identifier,token"`. */
  constraints: string[]
}

/** The SQL type the database reports (`format_type`) for drizzle's name of it. */
function databaseType(drizzleType: string): string {
  return drizzleType === "timestamp" ? "timestamp without time zone" : drizzleType
}

function constraint(kind: string, columns: ReadonlyArray<{ name: string }>): string {
  return `${kind}:${columns
    .map((column) => column.name)
    .sort()
    .join(",")}`
}

/** What drizzle reads from a declared table. */
function declaredShape(table: PgTable): TableShape {
  const config = getTableConfig(table)
  const columns = config.columns.map((column) => ({
    name: column.name,
    type: databaseType(column.getSQLType()),
    // A primary key column is NOT NULL even when not declared so.
    notNull: column.notNull || column.primary,
  }))
  const constraints = [
    ...config.columns.filter((column) => column.primary).map((column) => constraint("p", [column])),
    ...config.primaryKeys.map((key) => constraint("p", key.columns)),
    ...config.columns
      .filter((column) => column.isUnique)
      .map((column) => constraint("u", [column])),
    ...config.uniqueConstraints.map((unique) => constraint("u", unique.columns)),
    ...config.foreignKeys.map((key) => {
      const { columns } = key.reference()
      return `${constraint("f", columns)} on delete ${key.onDelete ?? "no action"}`
    }),
  ]
  return { columns, constraints: constraints.sort() }
}

const ON_DELETE: Record<string, string> = { a: "no action", c: "cascade" }

/** What the database has for `table` in `schema`. */
async function storedShape(opened: OpenedAdapter, schema: string, table: string) {
  const { rows: columns } = await opened.sql.query(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS "notNull"
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attnum`,
    [schema, table],
  )
  const { rows: constraints } = await opened.sql.query(
    `SELECT k.contype AS kind, k.confdeltype AS "onDelete",
       array_to_string(ARRAY(
         SELECT a.attname FROM pg_attribute a
         WHERE a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey) ORDER BY a.attname
       ), ',') AS columns
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2 AND k.contype IN ('p', 'u', 'f')`,
    [schema, table],
  )
  return {
    columns,
    constraints: (constraints as Array<{ kind: string; onDelete: string; columns: string }>)
      .map(({ kind, onDelete, columns: names }) =>
        kind === "f"
          ? `f:${names} on delete ${ON_DELETE[onDelete] ?? onDelete}`
          : `${kind}:${names}`,
      )
      .sort(),
  }
}

describe("the documented Drizzle tables", () => {
  // The shapes do not depend on the schema's name.
  const tables = documentedDrizzleTables("declared")
  let opened: OpenedAdapter | undefined

  beforeAll(async () => {
    opened = await documentedDrizzleTarget.open()
  })

  afterAll(async () => {
    await opened?.close()
  })

  it("declare no composite key: drizzle reads none from the docs' `[{ compoundKey: … }]`", () => {
    for (const table of [
      tables.accountsTable,
      tables.verificationTokensTable,
      tables.authenticatorsTable,
    ]) {
      expect(getTableConfig(table).primaryKeys).toEqual([])
    }
  })

  it("are what the SQL written out here makes, constraint for constraint", async () => {
    if (opened === undefined) throw new Error("beforeAll did not open the database.")
    for (const table of Object.values(tables)) {
      const name = getTableConfig(table).name
      expect(await storedShape(opened, opened.schema, name), name).toEqual(declaredShape(table))
    }
  })
})
