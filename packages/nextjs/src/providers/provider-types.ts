/**
 * Re-export of `@auth/core/providers/provider-types`.
 *
 * @module next-auth/providers/provider-types
 */
export * from "@auth/core/providers/provider-types"
