/**
 * Re-export of `@auth/core/providers/pipedrive`.
 *
 * @module next-auth/providers/pipedrive
 */
export * from "@auth/core/providers/pipedrive"
export { default } from "@auth/core/providers/pipedrive"
