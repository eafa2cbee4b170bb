/**
 * Re-export of `@auth/core/providers/eventbrite`.
 *
 * @module next-auth/providers/eventbrite
 */
export * from "@auth/core/providers/eventbrite"
export { default } from "@auth/core/providers/eventbrite"
