/**
 * Re-export of `@auth/core/providers/twitter`.
 *
 * @module @auth/express/providers/twitter
 */
export * from "@auth/core/providers/twitter"
export { default } from "@auth/core/providers/twitter"
