/**
 * Re-export of `@auth/core/providers/facebook`.
 *
 * @module next-auth/providers/facebook
 */
export * from "@auth/core/providers/facebook"
export { default } from "@auth/core/providers/facebook"
