/**
 * The provider types, as `@auth/core/providers` exports them.
 *
 * @module @auth/express/providers
 */
export * from "@auth/core/providers"
