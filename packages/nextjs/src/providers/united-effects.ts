/**
 * Re-export of `@auth/core/providers/united-effects`.
 *
 * @module next-auth/providers/united-effects
 */
export * from "@auth/core/providers/united-effects"
export { default } from "@auth/core/providers/united-effects"
