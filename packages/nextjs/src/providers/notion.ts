/**
 * Re-export of `@auth/core/providers/notion`.
 *
 * @module next-auth/providers/notion
 */
export * from "@auth/core/providers/notion"
export { default } from "@auth/core/providers/notion"
