/**
 * Re-export of `@auth/core/providers/twitter`.
 *
 * @module next-auth/providers/twitter
 */
export * from "@auth/core/providers/twitter"
export { default } from "@auth/core/providers/twitter"
