/**
 * Re-export of `@auth/core/providers/salesforce`.
 *
 * @module next-auth/providers/salesforce
 */
export * from "@auth/core/providers/salesforce"
export { default } from "@auth/core/providers/salesforce"
