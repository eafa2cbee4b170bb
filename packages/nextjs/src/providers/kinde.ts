/**
 * Re-export of `@auth/core/providers/kinde`.
 *
 * @module next-auth/providers/kinde
 */
export * from "@auth/core/providers/kinde"
export { default } from "@auth/core/providers/kinde"
