/**
 * Re-export of `@auth/core/providers/onelogin`.
 *
 * @module next-auth/providers/onelogin
 */
export * from "@auth/core/providers/onelogin"
export { default } from "@auth/core/providers/onelogin"
