/**
 * Re-export of `@auth/core/providers/mailgun`.
 *
 * @module next-auth/providers/mailgun
 */
export * from "@auth/core/providers/mailgun"
export { default } from "@auth/core/providers/mailgun"
