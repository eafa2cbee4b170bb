/**
 * The provider types, as `@auth/core/providers` exports them.
 *
 * @module @auth/solid-start/providers
 */
export * from "@auth/core/providers"
