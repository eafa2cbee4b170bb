/**
 * The one method the adapter needs from a database client. A `pg.Pool`, `pg.Client`,
 * `pg.PoolClient` and a PGlite instance all have it.
 */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount?: number | null }>
}
