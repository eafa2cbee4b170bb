/**
 * Re-export of `@auth/core/providers/postmark`.
 *
 * @module next-auth/providers/postmark
 */
export * from "@auth/core/providers/postmark"
export { default } from "@auth/core/providers/postmark"
