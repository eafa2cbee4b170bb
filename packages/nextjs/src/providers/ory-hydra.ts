/**
 * Re-export of `@auth/core/providers/ory-hydra`.
 *
 * @module next-auth/providers/ory-hydra
 */
export * from "@auth/core/providers/ory-hydra"
export { default } from "@auth/core/providers/ory-hydra"
