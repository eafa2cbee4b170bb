/**
 * Re-export of `@auth/core/providers/faceit`.
 *
 * @module next-auth/providers/faceit
 */
export * from "@auth/core/providers/faceit"
export { default } from "@auth/core/providers/faceit"
