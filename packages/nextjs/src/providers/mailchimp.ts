/**
 * Re-export of `@auth/core/providers/mailchimp`.
 *
 * @module next-auth/providers/mailchimp
 */
export * from "@auth/core/providers/mailchimp"
export { default } from "@auth/core/providers/mailchimp"
