/**
 * Re-export of `@auth/core/providers/discord`.
 *
 * @module next-auth/providers/discord
 */
export * from "@auth/core/providers/discord"
export { default } from "@auth/core/providers/discord"
