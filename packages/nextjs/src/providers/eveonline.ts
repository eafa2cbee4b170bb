/**
 * Re-export of `@auth/core/providers/eveonline`.
 *
 * @module next-auth/providers/eveonline
 */
export * from "@auth/core/providers/eveonline"
export { default } from "@auth/core/providers/eveonline"
