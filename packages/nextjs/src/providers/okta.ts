/**
 * Re-export of `@auth/core/providers/okta`.
 *
 * @module next-auth/providers/okta
 */
export * from "@auth/core/providers/okta"
export { default } from "@auth/core/providers/okta"
