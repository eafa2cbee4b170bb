/**
 * Re-export of `@auth/core/providers/keycloak`.
 *
 * @module @auth/express/providers/keycloak
 */
export * from "@auth/core/providers/keycloak"
export { default } from "@auth/core/providers/keycloak"
