/**
 * Re-export of `@auth/core/providers/mattermost`.
 *
 * @module next-auth/providers/mattermost
 */
export * from "@auth/core/providers/mattermost"
export { default } from "@auth/core/providers/mattermost"
