/**
 * PostgreSQL adapter for `@auth/core`. Works with node-postgres (`pg.Pool`, `pg.Client`) and
 * with embedded PGlite: anything with a `query(text, params)` method. A drop-in for Auth.js's
 * `@auth/pg-adapter`: the same default export, and its tables (integer ids) work as they are.
 * `createPostgresStore` keeps JWT revocations, the access-token refresh lock and rate-limit
 * counters in the same database, for instances that share no Redis.
 *
 * @module @auth/pg-adapter
 */
import { PostgresAdapter } from "./adapter.js"

/**
 * Thrown while PostgreSQL cannot be reached; `@auth/core` answers `503`. It is core's class
 * (`@auth/core/adapters`), so `instanceof` holds whichever of the two it is imported from.
 */
export { DatabaseUnavailableError } from "@auth/core/adapters"
export { PostgresAdapter, type PostgresAdapterOptions } from "./adapter.js"
export {
  type ErrorEventSource,
  handlePoolErrors,
  type PoolErrorLogger,
} from "./pool-errors.js"
export type { Queryable } from "./queryable.js"
export { mapExpiresAt } from "./rows.js"
export {
  type AppliedSchema,
  type ApplySchemaOptions,
  applySchema,
  type SchemaLogger,
  schemaSql,
} from "./schema.js"
export type { TableName } from "./schema-tables.js"
export {
  createPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from "./store.js"
export {
  type AppliedStoreSchema,
  type ApplyStoreSchemaOptions,
  applyStoreSchema,
  type StoreObjectName,
  storeSchemaSql,
} from "./store-schema.js"

/** The adapter as Auth.js exports it: `import PostgresAdapter from "@auth/pg-adapter"`. */
export default PostgresAdapter
