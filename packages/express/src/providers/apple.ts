/**
 * Re-export of `@auth/core/providers/apple`.
 *
 * @module @auth/express/providers/apple
 */
export * from "@auth/core/providers/apple"
export { default } from "@auth/core/providers/apple"
