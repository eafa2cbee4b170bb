/**
 * Re-export of `@auth/core/providers/provider-types`.
 *
 * @module @auth/express/providers/provider-types
 */
export * from "@auth/core/providers/provider-types"
