/**
 * Writes that name columns a table gained after its first release (`ADDED_COLUMNS`), on a table
 * that may lack them: Auth.js's own, or one that `applySchema` has not migrated (a role that
 * does not own it, or the app has not run it). Reads need no such care: they go through
 * `to_jsonb`, which gives NULL for a column the table lacks.
 */
import type { RunQuery } from "./run-query.js"

/** SQLSTATE undefined_column. */
const UNDEFINED_COLUMN = "42703"

/** One statement and its parameters. */
export interface Statement {
  text: string
  params: unknown[]
}

/**
 * Runs `withColumns` while the table is known to have the added columns, else `without` (the
 * same write without them); returns the rows of the one that ran.
 */
export type WriteWithAddedColumns = (
  withColumns: Statement,
  without: Statement,
) => Promise<unknown[]>

/** Whether `error` is PostgreSQL's for a statement naming one of `columns`, which the table lacks. */
function namesMissingColumn(error: unknown, columns: readonly string[]): boolean {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== UNDEFINED_COLUMN) {
    return false
  }
  // The message is in the server's language, but names the column as it is (in that
  // language's quotes): match it as a whole word, so that "ip" is not found inside another name.
  return columns.some((column) => new RegExp(`\\b${column}\\b`).test(error.message))
}

/**
 * A writer for one table whose added columns are `columns` (plain identifiers). The table is
 * assumed to have them until a write names one it lacks; from then on this writer (one per
 * adapter) leaves them out, so a table without them costs one failed statement, not one per
 * sign-in.
 */
export function writerForAddedColumns(
  run: RunQuery,
  columns: readonly string[],
): WriteWithAddedColumns {
  let hasColumns = true
  return async (withColumns, without) => {
    if (hasColumns) {
      try {
        return await run(withColumns.text, withColumns.params)
      } catch (error) {
        if (!namesMissingColumn(error, columns)) throw error
        hasColumns = false
      }
    }
    return run(without.text, without.params)
  }
}
