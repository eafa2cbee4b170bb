/**
 * Re-export of `@auth/core/providers/logto`.
 *
 * @module next-auth/providers/logto
 */
export * from "@auth/core/providers/logto"
export { default } from "@auth/core/providers/logto"
