/**
 * Re-export of `@auth/core/providers/mastodon`.
 *
 * @module next-auth/providers/mastodon
 */
export * from "@auth/core/providers/mastodon"
export { default } from "@auth/core/providers/mastodon"
