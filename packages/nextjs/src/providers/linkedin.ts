/**
 * Re-export of `@auth/core/providers/linkedin`.
 *
 * @module next-auth/providers/linkedin
 */
export * from "@auth/core/providers/linkedin"
export { default } from "@auth/core/providers/linkedin"
