/**
 * Re-export of `@auth/core/providers/sendgrid`.
 *
 * @module next-auth/providers/sendgrid
 */
export * from "@auth/core/providers/sendgrid"
export { default } from "@auth/core/providers/sendgrid"
