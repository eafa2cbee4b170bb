/**
 * Re-export of `@auth/core/providers/azure-ad-b2c`.
 *
 * @module next-auth/providers/azure-ad-b2c
 */
export * from "@auth/core/providers/azure-ad-b2c"
export { default } from "@auth/core/providers/azure-ad-b2c"
