/**
 * The adapter interface and its types, as `@auth/core/adapters` exports them.
 *
 * @module @auth/sveltekit/adapters
 */
export * from "@auth/core/adapters"
