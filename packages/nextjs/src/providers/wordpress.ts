/**
 * Re-export of `@auth/core/providers/wordpress`.
 *
 * @module next-auth/providers/wordpress
 */
export * from "@auth/core/providers/wordpress"
export { default } from "@auth/core/providers/wordpress"
