/**
 * Re-export of `@auth/core/providers/fusionauth`.
 *
 * @module next-auth/providers/fusionauth
 */
export * from "@auth/core/providers/fusionauth"
export { default } from "@auth/core/providers/fusionauth"
