/**
 * Re-export of `@auth/core/providers/discord`.
 *
 * @module @auth/express/providers/discord
 */
export * from "@auth/core/providers/discord"
export { default } from "@auth/core/providers/discord"
