/**
 * Re-export of `@auth/core/providers/slack`.
 *
 * @module @auth/express/providers/slack
 */
export * from "@auth/core/providers/slack"
export { default } from "@auth/core/providers/slack"
