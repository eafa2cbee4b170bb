/**
 * Re-export of `@auth/core/providers/tiktok`.
 *
 * @module next-auth/providers/tiktok
 */
export * from "@auth/core/providers/tiktok"
export { default } from "@auth/core/providers/tiktok"
