/**
 * Re-export of `@auth/core/providers/netlify`.
 *
 * @module next-auth/providers/netlify
 */
export * from "@auth/core/providers/netlify"
export { default } from "@auth/core/providers/netlify"
