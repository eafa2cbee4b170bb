/**
 * Re-export of `@auth/core/providers/netsuite`.
 *
 * @module next-auth/providers/netsuite
 */
export * from "@auth/core/providers/netsuite"
export { default } from "@auth/core/providers/netsuite"
