/**
 * Re-export of `@auth/core/providers/boxyhq-saml`.
 *
 * @module next-auth/providers/boxyhq-saml
 */
export * from "@auth/core/providers/boxyhq-saml"
export { default } from "@auth/core/providers/boxyhq-saml"
