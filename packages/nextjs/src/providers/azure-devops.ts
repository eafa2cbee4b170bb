/**
 * Re-export of `@auth/core/providers/azure-devops`.
 *
 * @module next-auth/providers/azure-devops
 */
export * from "@auth/core/providers/azure-devops"
export { default } from "@auth/core/providers/azure-devops"
