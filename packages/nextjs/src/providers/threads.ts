/**
 * Re-export of `@auth/core/providers/threads`.
 *
 * @module next-auth/providers/threads
 */
export * from "@auth/core/providers/threads"
export { default } from "@auth/core/providers/threads"
