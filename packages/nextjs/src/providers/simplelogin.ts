/**
 * Re-export of `@auth/core/providers/simplelogin`.
 *
 * @module next-auth/providers/simplelogin
 */
export * from "@auth/core/providers/simplelogin"
export { default } from "@auth/core/providers/simplelogin"
