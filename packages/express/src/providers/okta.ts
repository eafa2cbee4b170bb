/**
 * Re-export of `@auth/core/providers/okta`.
 *
 * @module @auth/express/providers/okta
 */
export * from "@auth/core/providers/okta"
export { default } from "@auth/core/providers/okta"
