/**
 * Re-export of `@auth/core/providers/microsoft-entra-id`.
 *
 * @module next-auth/providers/microsoft-entra-id
 */
export * from "@auth/core/providers/microsoft-entra-id"
export { default } from "@auth/core/providers/microsoft-entra-id"
