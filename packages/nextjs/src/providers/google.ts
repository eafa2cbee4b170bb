/**
 * Re-export of `@auth/core/providers/google`.
 *
 * @module next-auth/providers/google
 */
export * from "@auth/core/providers/google"
export { default } from "@auth/core/providers/google"
