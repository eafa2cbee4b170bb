/**
 * Re-export of `@auth/core/providers/pinterest`.
 *
 * @module next-auth/providers/pinterest
 */
export * from "@auth/core/providers/pinterest"
export { default } from "@auth/core/providers/pinterest"
