/**
 * Re-export of `@auth/core/providers/auth0`.
 *
 * @module next-auth/providers/auth0
 */
export * from "@auth/core/providers/auth0"
export { default } from "@auth/core/providers/auth0"
