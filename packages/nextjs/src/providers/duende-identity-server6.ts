/**
 * Re-export of `@auth/core/providers/duende-identity-server6`.
 *
 * @module next-auth/providers/duende-identity-server6
 */
export * from "@auth/core/providers/duende-identity-server6"
export { default } from "@auth/core/providers/duende-identity-server6"
