/**
 * Re-export of `@auth/core/providers/beyondidentity`.
 *
 * @module next-auth/providers/beyondidentity
 */
export * from "@auth/core/providers/beyondidentity"
export { default } from "@auth/core/providers/beyondidentity"
