/**
 * The provider types, as `@auth/core/providers` exports them.
 *
 * @module @auth/hono/providers
 */
export * from "@auth/core/providers"
