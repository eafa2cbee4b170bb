/**
 * Re-export of `@auth/core/providers/atlassian`.
 *
 * @module next-auth/providers/atlassian
 */
export * from "@auth/core/providers/atlassian"
export { default } from "@auth/core/providers/atlassian"
