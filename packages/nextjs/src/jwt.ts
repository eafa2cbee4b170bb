/**
 * Session tokens (JWT/JWE), as `@auth/core/jwt` exports them: `encode`, `decode`, `getToken`.
 *
 * @module next-auth/jwt
 */
export * from "@auth/core/jwt"
