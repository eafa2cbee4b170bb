/**
 * The adapter interface and its types, as `@auth/core/adapters` exports them.
 *
 * @module @auth/hono/adapters
 */
export * from "@auth/core/adapters"
