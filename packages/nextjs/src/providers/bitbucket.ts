/**
 * Re-export of `@auth/core/providers/bitbucket`.
 *
 * @module next-auth/providers/bitbucket
 */
export * from "@auth/core/providers/bitbucket"
export { default } from "@auth/core/providers/bitbucket"
