/**
 * Re-export of `@auth/core/providers/twitch`.
 *
 * @module next-auth/providers/twitch
 */
export * from "@auth/core/providers/twitch"
export { default } from "@auth/core/providers/twitch"
