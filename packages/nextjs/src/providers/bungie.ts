/**
 * Re-export of `@auth/core/providers/bungie`.
 *
 * @module next-auth/providers/bungie
 */
export * from "@auth/core/providers/bungie"
export { default } from "@auth/core/providers/bungie"
