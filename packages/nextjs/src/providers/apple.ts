/**
 * Re-export of `@auth/core/providers/apple`.
 *
 * @module next-auth/providers/apple
 */
export * from "@auth/core/providers/apple"
export { default } from "@auth/core/providers/apple"
