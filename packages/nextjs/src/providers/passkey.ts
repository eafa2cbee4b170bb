/**
 * Re-export of `@auth/core/providers/passkey`.
 *
 * @module next-auth/providers/passkey
 */
export * from "@auth/core/providers/passkey"
export { default } from "@auth/core/providers/passkey"
