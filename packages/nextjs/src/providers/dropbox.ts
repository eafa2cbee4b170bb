/**
 * Re-export of `@auth/core/providers/dropbox`.
 *
 * @module next-auth/providers/dropbox
 */
export * from "@auth/core/providers/dropbox"
export { default } from "@auth/core/providers/dropbox"
