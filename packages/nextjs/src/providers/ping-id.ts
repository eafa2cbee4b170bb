/**
 * Re-export of `@auth/core/providers/ping-id`.
 *
 * @module next-auth/providers/ping-id
 */
export * from "@auth/core/providers/ping-id"
export { default } from "@auth/core/providers/ping-id"
