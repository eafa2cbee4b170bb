/**
 * Re-export of `@auth/core/providers/instagram`.
 *
 * @module next-auth/providers/instagram
 */
export * from "@auth/core/providers/instagram"
export { default } from "@auth/core/providers/instagram"
