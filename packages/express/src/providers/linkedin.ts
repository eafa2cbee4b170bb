/**
 * Re-export of `@auth/core/providers/linkedin`.
 *
 * @module @auth/express/providers/linkedin
 */
export * from "@auth/core/providers/linkedin"
export { default } from "@auth/core/providers/linkedin"
