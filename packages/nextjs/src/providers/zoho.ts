/**
 * Re-export of `@auth/core/providers/zoho`.
 *
 * @module next-auth/providers/zoho
 */
export * from "@auth/core/providers/zoho"
export { default } from "@auth/core/providers/zoho"
