/**
 * Re-export of `@auth/core/providers/frontegg`.
 *
 * @module next-auth/providers/frontegg
 */
export * from "@auth/core/providers/frontegg"
export { default } from "@auth/core/providers/frontegg"
