/**
 * Re-export of `@auth/core/providers/spotify`.
 *
 * @module next-auth/providers/spotify
 */
export * from "@auth/core/providers/spotify"
export { default } from "@auth/core/providers/spotify"
