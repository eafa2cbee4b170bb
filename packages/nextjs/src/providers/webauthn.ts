/**
 * Re-export of `@auth/core/providers/webauthn`.
 *
 * @module next-auth/providers/webauthn
 */
export * from "@auth/core/providers/webauthn"
export { default } from "@auth/core/providers/webauthn"
