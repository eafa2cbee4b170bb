/**
 * Re-export of `@auth/core/providers/oauth`.
 *
 * @module next-auth/providers/oauth
 */
export * from "@auth/core/providers/oauth"
