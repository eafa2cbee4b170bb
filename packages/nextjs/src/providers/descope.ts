/**
 * Re-export of `@auth/core/providers/descope`.
 *
 * @module next-auth/providers/descope
 */
export * from "@auth/core/providers/descope"
export { default } from "@auth/core/providers/descope"
