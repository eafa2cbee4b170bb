/**
 * Re-export of `@auth/core/providers/authentik`.
 *
 * @module next-auth/providers/authentik
 */
export * from "@auth/core/providers/authentik"
export { default } from "@auth/core/providers/authentik"
