/**
 * Re-export of `@auth/core/providers/oauth`.
 *
 * @module @auth/express/providers/oauth
 */
export * from "@auth/core/providers/oauth"
