/**
 * Re-export of `@auth/core/providers/github`.
 *
 * @module @auth/express/providers/github
 */
export * from "@auth/core/providers/github"
export { default } from "@auth/core/providers/github"
