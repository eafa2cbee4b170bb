/**
 * Re-export of `@auth/core/providers/resend`.
 *
 * @module next-auth/providers/resend
 */
export * from "@auth/core/providers/resend"
export { default } from "@auth/core/providers/resend"
