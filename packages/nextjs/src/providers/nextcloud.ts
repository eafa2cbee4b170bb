/**
 * Re-export of `@auth/core/providers/nextcloud`.
 *
 * @module next-auth/providers/nextcloud
 */
export * from "@auth/core/providers/nextcloud"
export { default } from "@auth/core/providers/nextcloud"
