/**
 * Re-export of `@auth/core/providers/webex`.
 *
 * @module next-auth/providers/webex
 */
export * from "@auth/core/providers/webex"
export { default } from "@auth/core/providers/webex"
