/**
 * Re-export of `@auth/core/providers/dribbble`.
 *
 * @module next-auth/providers/dribbble
 */
export * from "@auth/core/providers/dribbble"
export { default } from "@auth/core/providers/dribbble"
