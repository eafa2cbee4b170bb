/**
 * Re-export of `@auth/core/providers/workos`.
 *
 * @module next-auth/providers/workos
 */
export * from "@auth/core/providers/workos"
export { default } from "@auth/core/providers/workos"
