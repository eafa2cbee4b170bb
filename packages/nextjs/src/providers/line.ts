/**
 * Re-export of `@auth/core/providers/line`.
 *
 * @module next-auth/providers/line
 */
export * from "@auth/core/providers/line"
export { default } from "@auth/core/providers/line"
