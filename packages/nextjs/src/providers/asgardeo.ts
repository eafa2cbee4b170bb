/**
 * Re-export of `@auth/core/providers/asgardeo`.
 *
 * @module next-auth/providers/asgardeo
 */
export * from "@auth/core/providers/asgardeo"
export { default } from "@auth/core/providers/asgardeo"
