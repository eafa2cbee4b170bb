/**
 * Re-export of `@auth/core/providers/coinbase`.
 *
 * @module next-auth/providers/coinbase
 */
export * from "@auth/core/providers/coinbase"
export { default } from "@auth/core/providers/coinbase"
