/**
 * Re-export of `@auth/core/providers/azure-ad`.
 *
 * @module next-auth/providers/azure-ad
 */
export * from "@auth/core/providers/azure-ad"
export { default } from "@auth/core/providers/azure-ad"
