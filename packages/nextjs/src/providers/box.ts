/**
 * Re-export of `@auth/core/providers/box`.
 *
 * @module next-auth/providers/box
 */
export * from "@auth/core/providers/box"
export { default } from "@auth/core/providers/box"
