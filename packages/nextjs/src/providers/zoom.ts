/**
 * Re-export of `@auth/core/providers/zoom`.
 *
 * @module next-auth/providers/zoom
 */
export * from "@auth/core/providers/zoom"
export { default } from "@auth/core/providers/zoom"
