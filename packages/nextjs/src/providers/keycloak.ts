/**
 * Re-export of `@auth/core/providers/keycloak`.
 *
 * @module next-auth/providers/keycloak
 */
export * from "@auth/core/providers/keycloak"
export { default } from "@auth/core/providers/keycloak"
