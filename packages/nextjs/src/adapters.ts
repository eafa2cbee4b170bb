/**
 * The adapter interface and its types, as `@auth/core/adapters` exports them.
 *
 * @module next-auth/adapters
 */
export * from "@auth/core/adapters"
