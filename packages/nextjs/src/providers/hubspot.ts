/**
 * Re-export of `@auth/core/providers/hubspot`.
 *
 * @module next-auth/providers/hubspot
 */
export * from "@auth/core/providers/hubspot"
export { default } from "@auth/core/providers/hubspot"
