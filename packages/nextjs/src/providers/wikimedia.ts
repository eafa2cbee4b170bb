/**
 * Re-export of `@auth/core/providers/wikimedia`.
 *
 * @module next-auth/providers/wikimedia
 */
export * from "@auth/core/providers/wikimedia"
export { default } from "@auth/core/providers/wikimedia"
