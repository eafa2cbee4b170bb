/**
 * The adapter interface and its types, as `@auth/core/adapters` exports them.
 *
 * @module @auth/solid-start/adapters
 */
export * from "@auth/core/adapters"
