/**
 * Re-export of `@auth/core/providers/reddit`.
 *
 * @module next-auth/providers/reddit
 */
export * from "@auth/core/providers/reddit"
export { default } from "@auth/core/providers/reddit"
