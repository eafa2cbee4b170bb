/**
 * Re-export of `@auth/core/providers/battlenet`.
 *
 * @module next-auth/providers/battlenet
 */
export * from "@auth/core/providers/battlenet"
export { default } from "@auth/core/providers/battlenet"
