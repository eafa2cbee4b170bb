/**
 * Re-export of `@auth/core/providers/gitlab`.
 *
 * @module next-auth/providers/gitlab
 */
export * from "@auth/core/providers/gitlab"
export { default } from "@auth/core/providers/gitlab"
