/**
 * Re-export of `@auth/core/providers/github`.
 *
 * @module next-auth/providers/github
 */
export * from "@auth/core/providers/github"
export { default } from "@auth/core/providers/github"
