/**
 * Re-export of `@auth/core/providers/mailru`.
 *
 * @module next-auth/providers/mailru
 */
export * from "@auth/core/providers/mailru"
export { default } from "@auth/core/providers/mailru"
