/**
 * Re-export of `@auth/core/providers/slack`.
 *
 * @module next-auth/providers/slack
 */
export * from "@auth/core/providers/slack"
export { default } from "@auth/core/providers/slack"
