/**
 * Re-export of `@auth/core/providers/gitlab`.
 *
 * @module @auth/express/providers/gitlab
 */
export * from "@auth/core/providers/gitlab"
export { default } from "@auth/core/providers/gitlab"
