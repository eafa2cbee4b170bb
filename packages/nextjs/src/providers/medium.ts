/**
 * Re-export of `@auth/core/providers/medium`.
 *
 * @module next-auth/providers/medium
 */
export * from "@auth/core/providers/medium"
export { default } from "@auth/core/providers/medium"
