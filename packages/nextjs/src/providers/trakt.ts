/**
 * Re-export of `@auth/core/providers/trakt`.
 *
 * @module next-auth/providers/trakt
 */
export * from "@auth/core/providers/trakt"
export { default } from "@auth/core/providers/trakt"
