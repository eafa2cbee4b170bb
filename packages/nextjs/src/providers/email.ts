/**
 * Re-export of `@auth/core/providers/email`.
 *
 * @module next-auth/providers/email
 */
export * from "@auth/core/providers/email"
export { default } from "@auth/core/providers/email"
