/**
 * Re-export of `@auth/core/providers/vipps`.
 *
 * @module next-auth/providers/vipps
 */
export * from "@auth/core/providers/vipps"
export { default } from "@auth/core/providers/vipps"
