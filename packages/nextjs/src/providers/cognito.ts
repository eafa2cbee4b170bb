/**
 * Re-export of `@auth/core/providers/cognito`.
 *
 * @module next-auth/providers/cognito
 */
export * from "@auth/core/providers/cognito"
export { default } from "@auth/core/providers/cognito"
