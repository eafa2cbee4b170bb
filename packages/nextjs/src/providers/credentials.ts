/**
 * Re-export of `@auth/core/providers/credentials`.
 *
 * @module next-auth/providers/credentials
 */
export * from "@auth/core/providers/credentials"
export { default } from "@auth/core/providers/credentials"
