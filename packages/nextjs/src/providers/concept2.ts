/**
 * Re-export of `@auth/core/providers/concept2`.
 *
 * @module next-auth/providers/concept2
 */
export * from "@auth/core/providers/concept2"
export { default } from "@auth/core/providers/concept2"
