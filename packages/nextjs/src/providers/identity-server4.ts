/**
 * Re-export of `@auth/core/providers/identity-server4`.
 *
 * @module next-auth/providers/identity-server4
 */
export * from "@auth/core/providers/identity-server4"
export { default } from "@auth/core/providers/identity-server4"
