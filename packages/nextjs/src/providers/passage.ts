/**
 * Re-export of `@auth/core/providers/passage`.
 *
 * @module next-auth/providers/passage
 */
export * from "@auth/core/providers/passage"
export { default } from "@auth/core/providers/passage"
