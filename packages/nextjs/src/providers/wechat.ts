/**
 * Re-export of `@auth/core/providers/wechat`.
 *
 * @module next-auth/providers/wechat
 */
export * from "@auth/core/providers/wechat"
export { default } from "@auth/core/providers/wechat"
