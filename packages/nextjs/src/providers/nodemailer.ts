/**
 * Re-export of `@auth/core/providers/nodemailer`.
 *
 * @module next-auth/providers/nodemailer
 */
export * from "@auth/core/providers/nodemailer"
export { default } from "@auth/core/providers/nodemailer"
