/**
 * Re-export of `@auth/core/providers/patreon`.
 *
 * @module next-auth/providers/patreon
 */
export * from "@auth/core/providers/patreon"
export { default } from "@auth/core/providers/patreon"
