/**
 * Reads what already exists in a schema (tables, column types, indexes) and decides what
 * `applySchema` creates or adds, so that a database made for Auth.js's `@auth/pg-adapter`
 * (`SERIAL` integer ids, no constraints) is extended, never rewritten.
 */
import type { Queryable } from "./queryable.js"
import {
  ADDED_COLUMNS,
  type AddedColumn,
  TABLE_COLUMNS,
  TABLES,
  type TableName,
  TEXT_USER_KEY,
  type UserKey,
} from "./schema-tables.js"

/** What exists of the adapter's tables in one schema. */
export interface SchemaInspection {
  /** The schema new tables go to (`null` when the `search_path` names no existing schema). */
  schemaName: string | null
  /** Each existing table's columns, name → SQL type (`format_type`). */
  tables: Map<TableName, Map<string, string>>
  /** Each existing table's name, qualified with its schema and quoted. */
  qualifiedNames: Map<TableName, string>
  /** Each existing table's unique indexes (without a predicate), as column lists. */
  uniqueKeys: Map<TableName, string[][]>
  /** Each existing table's indexes (without a predicate, unique or not), as column lists. */
  indexes: Map<TableName, string[][]>
}

/** What `applySchema` does to a schema. */
export interface SchemaPlan {
  /** The tables to create, in order. */
  create: TableName[]
  /** How their `"userId"` columns are declared. */
  userKey: UserKey
  /** The columns of {@link ADDED_COLUMNS} to add to existing tables, by table. */
  addColumns: Array<{ table: TableName; columns: AddedColumn[] }>
  /** Advice about existing tables, which are left as they are. */
  warnings: string[]
}

/**
 * `users.id` types that new `"userId"` columns may copy: the SQL is spliced into `CREATE TABLE`,
 * so only well-known type names pass.
 */
const COPYABLE_KEY_TYPE =
  /^(smallint|integer|bigint|text|uuid|character varying(\(\d+\))?|character\(\d+\))$/

const TABLE_LIST = TABLES.map((table) => `'${table}'`).join(", ")

/**
 * The tables of schema `$1`; without one (`NULL`), the tables the adapter's unqualified names
 * resolve to on the `search_path`.
 */
const IN_SCHEMA = "(n.nspname = $1 OR ($1::text IS NULL AND pg_table_is_visible(c.oid)))"

/** Where `CREATE TABLE` puts a table: schema `$1`, else the first schema of the `search_path`. */
const TARGET_SCHEMA_SQL = "SELECT coalesce($1::text, current_schema()) AS name"

const COLUMNS_SQL = `SELECT n.nspname AS schema_name, c.relname AS table_name, a.attname AS column_name,
  format_type(a.atttypid, a.atttypmod) AS column_type
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE ${IN_SCHEMA} AND c.relkind IN ('r', 'p') AND c.relname IN (${TABLE_LIST})`

const INDEXES_SQL = `SELECT c.relname AS table_name, i.indisunique AS is_unique, array_to_string(ARRAY(
  SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
  JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
  ORDER BY k.position), ',') AS columns
FROM pg_catalog.pg_index i
JOIN pg_catalog.pg_class c ON c.oid = i.indrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE ${IN_SCHEMA} AND i.indpred IS NULL AND c.relname IN (${TABLE_LIST})`

/**
 * Reads the adapter's existing tables in `schema` (without one, those its unqualified names
 * resolve to): three catalog queries, no locks.
 */
export async function inspectSchema(
  client: Queryable,
  schema: string | undefined,
): Promise<SchemaInspection> {
  const params = [schema ?? null]
  const [target, columns, indexes] = await Promise.all([
    client.query(TARGET_SCHEMA_SQL, params),
    client.query(COLUMNS_SQL, params),
    client.query(INDEXES_SQL, params),
  ])
  const name = (target.rows[0] as { name?: unknown } | undefined)?.name
  const inspection: SchemaInspection = {
    schemaName: typeof name === "string" ? name : null,
    tables: new Map(),
    qualifiedNames: new Map(),
    uniqueKeys: new Map(),
    indexes: new Map(),
  }
  for (const row of columns.rows as Array<Record<string, string>>) {
    const table = row.table_name as TableName
    const known = inspection.tables.get(table) ?? new Map<string, string>()
    known.set(String(row.column_name), String(row.column_type))
    inspection.tables.set(table, known)
    inspection.qualifiedNames.set(table, `"${String(row.schema_name)}".${table}`)
  }
  for (const row of indexes.rows as Array<Record<string, unknown>>) {
    const table = row.table_name as TableName
    const indexColumns = String(row.columns).split(",")
    addTo(inspection.indexes, table, indexColumns)
    if (row.is_unique === true) addTo(inspection.uniqueKeys, table, indexColumns)
  }
  return inspection
}

/** Appends `columns` to the column lists of `table`. */
function addTo(lists: Map<TableName, string[][]>, table: TableName, columns: string[]): void {
  const known = lists.get(table) ?? []
  known.push(columns)
  lists.set(table, known)
}

/** Whether `table` has an index whose first column is `column`, so lookups by it need no scan. */
function hasIndexLedBy(inspection: SchemaInspection, table: TableName, column: string): boolean {
  return (inspection.indexes.get(table) ?? []).some((columns) => columns[0] === column)
}

/** Whether `table` has a unique index on exactly `columns` (in any order). */
function hasUniqueKey(inspection: SchemaInspection, table: TableName, columns: string[]): boolean {
  const wanted = [...columns].sort().join(",")
  return (inspection.uniqueKeys.get(table) ?? []).some(
    (key) => [...key].sort().join(",") === wanted,
  )
}

/**
 * How new tables refer to an existing `users` table: with `users.id`'s own type (so that joins
 * and foreign keys work on Auth.js's integer ids) and a foreign key when `id` is unique.
 */
function userKeyOf(inspection: SchemaInspection, warnings: string[]): UserKey {
  const users = inspection.tables.get("users")
  if (!users) return TEXT_USER_KEY
  const idType = users.get("id")
  const references = hasUniqueKey(inspection, "users", ["id"])
  if (idType !== undefined && COPYABLE_KEY_TYPE.test(idType)) return { type: idType, references }
  warnings.push(
    `users.id has the type ${idType ?? "(no id column)"}, which new tables cannot copy: their ` +
      `"userId" columns are text, without a foreign key.`,
  )
  return { type: "TEXT", references: false }
}

/**
 * Advice for existing tables that lack a column the adapter uses, a unique index it relies on,
 * or an index its lookups by user need.
 */
function adviceFor(inspection: SchemaInspection): string[] {
  return [
    ...missingColumnsAdvice(inspection),
    ...missingUniqueKeysAdvice(inspection),
    ...missingIndexesAdvice(inspection),
  ]
}

function missingColumnsAdvice(inspection: SchemaInspection): string[] {
  const advice: string[] = []
  for (const [table, columns] of inspection.tables) {
    const missing = TABLE_COLUMNS[table].filter((column) => !columns.has(column))
    if (missing.length > 0) {
      advice.push(
        `Table ${table} lacks the columns ${missing.map((c) => `"${c}"`).join(", ")}, which ` +
          "the adapter reads and writes: add them (see schemaSql()) or the calls that use them fail.",
      )
    }
  }
  return advice
}

function missingUniqueKeysAdvice(inspection: SchemaInspection): string[] {
  const advice: string[] = []
  const uniques: Array<[TableName, string[], string]> = [
    ["users", ["email"], "two first sign-ins with one address can create two users"],
    ["sessions", ["sessionToken"], "each session read scans the table"],
    ["accounts", ["provider", "providerAccountId"], "one provider account can be linked twice"],
  ]
  for (const [table, columns, risk] of uniques) {
    const name = inspection.qualifiedNames.get(table)
    if (name === undefined || hasUniqueKey(inspection, table, columns)) continue
    const list = columns.map((column) => `"${column}"`).join(", ")
    advice.push(
      `Table ${table} has no unique index on (${list}): ${risk}. When convenient (after ` +
        `removing duplicates): CREATE UNIQUE INDEX CONCURRENTLY ON ${name} (${list});`,
    )
  }
  return advice
}

/**
 * Advice for the index on `sessions("userId")` that our schema has and Auth.js's lacks: without
 * it, listing a user's sessions, signing them out everywhere and deleting a user scan the table.
 */
function missingIndexesAdvice(inspection: SchemaInspection): string[] {
  const name = inspection.qualifiedNames.get("sessions")
  if (name === undefined || hasIndexLedBy(inspection, "sessions", "userId")) return []
  return [
    `Table sessions has no index on ("userId"): listing a user's sessions, signing them out ` +
      "and deleting a user scan the table. When convenient: " +
      `CREATE INDEX CONCURRENTLY ON ${name} ("userId");`,
  ]
}

/** The columns of {@link ADDED_COLUMNS} that existing tables lack, in the order of `TABLES`. */
function missingAddedColumns(inspection: SchemaInspection): SchemaPlan["addColumns"] {
  const missing: SchemaPlan["addColumns"] = []
  for (const table of TABLES) {
    const columns = inspection.tables.get(table)
    if (columns === undefined) continue
    const absent = (ADDED_COLUMNS[table] ?? []).filter((column) => !columns.has(column.name))
    if (absent.length > 0) missing.push({ table, columns: absent })
  }
  return missing
}

/**
 * Decides what `applySchema` does to a schema as `inspection` found it: it creates the missing
 * tables, keyed like the existing `users` table, and adds the nullable columns of
 * {@link ADDED_COLUMNS} that existing tables lack; nothing else of an existing table is
 * altered, and what it lacks is reported as advice.
 */
export function planSchema(inspection: SchemaInspection): SchemaPlan {
  const warnings: string[] = []
  const userKey = userKeyOf(inspection, warnings)
  const create = TABLES.filter((table) => !inspection.tables.has(table))
  const addColumns = missingAddedColumns(inspection)
  return { create, userKey, addColumns, warnings: [...warnings, ...adviceFor(inspection)] }
}
