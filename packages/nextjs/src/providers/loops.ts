/**
 * Re-export of `@auth/core/providers/loops`.
 *
 * @module next-auth/providers/loops
 */
export * from "@auth/core/providers/loops"
export { default } from "@auth/core/providers/loops"
