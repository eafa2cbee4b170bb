/**
 * Re-export of `@auth/core/providers/zitadel`.
 *
 * @module next-auth/providers/zitadel
 */
export * from "@auth/core/providers/zitadel"
export { default } from "@auth/core/providers/zitadel"
