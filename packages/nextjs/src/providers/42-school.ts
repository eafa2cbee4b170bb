/**
 * Re-export of `@auth/core/providers/42-school`.
 *
 * @module next-auth/providers/42-school
 */
export * from "@auth/core/providers/42-school"
export { default } from "@auth/core/providers/42-school"
