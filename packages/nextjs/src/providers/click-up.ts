/**
 * Re-export of `@auth/core/providers/click-up`.
 *
 * @module next-auth/providers/click-up
 */
export * from "@auth/core/providers/click-up"
export { default } from "@auth/core/providers/click-up"
