/**
 * Re-export of `@auth/core/providers/freshbooks`.
 *
 * @module next-auth/providers/freshbooks
 */
export * from "@auth/core/providers/freshbooks"
export { default } from "@auth/core/providers/freshbooks"
