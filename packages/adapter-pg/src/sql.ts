/** SQL fragments that the adapter's methods build from their arguments. */

/** `id, name` → `u.id, u.name`, for joins. */
export function prefixed(alias: string, columns: string): string {
  return columns
    .split(",")
    .map((column) => `${alias}.${column.trim()}`)
    .join(", ")
}

/** The assignments of an `UPDATE`, and the parameters they and the statement's key use. */
export interface SetClause {
  /** `column = $n, …`; empty when the patch changes nothing. */
  assignments: string
  params: unknown[]
}

/**
 * Builds `column = $n` assignments for the fields of `patch` that are present; `undefined`
 * means "leave unchanged", `null` clears the column. `params` holds the key as `$1`.
 */
export function setClause<Field extends string>(
  columns: Record<Field, string>,
  patch: NoInfer<Partial<Record<Field, unknown>>>,
  params: unknown[],
): SetClause {
  const assignments: string[] = []
  for (const field of Object.keys(columns) as Field[]) {
    const value = patch[field]
    if (value === undefined) continue
    params.push(value)
    assignments.push(`${columns[field]} = $${params.length}`)
  }
  return { assignments: assignments.join(", "), params }
}
