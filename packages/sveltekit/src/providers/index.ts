/**
 * The provider types, as `@auth/core/providers` exports them.
 *
 * @module @auth/sveltekit/providers
 */
export * from "@auth/core/providers"
