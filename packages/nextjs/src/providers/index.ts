/**
 * The provider types, as `@auth/core/providers` exports them.
 *
 * @module next-auth/providers
 */
export * from "@auth/core/providers"
