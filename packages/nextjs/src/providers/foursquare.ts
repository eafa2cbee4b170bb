/**
 * Re-export of `@auth/core/providers/foursquare`.
 *
 * @module next-auth/providers/foursquare
 */
export * from "@auth/core/providers/foursquare"
export { default } from "@auth/core/providers/foursquare"
