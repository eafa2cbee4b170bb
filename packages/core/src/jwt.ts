/**
 * Session tokens: JWTs encrypted as JWE (`dir` + `A256CBC-HS512`) with a key derived from the
 * secret by HKDF, byte-compatible with Auth.js in both directions.
 *
 * Extend the token type with module augmentation:
 *
 * @example
 * declare module "@auth/core/jwt" {
 *   interface JWT { role?: string }
 * }
 *
 * @see https://www.rfc-editor.org/rfc/rfc7516 JSON Web Encryption
 * @see https://www.rfc-editor.org/rfc/rfc5869 HKDF
 * @module jwt
 */
export { getToken } from "./internal/jwt/get-token.js"
export { decode, encode } from "./internal/jwt/token.js"
export type {
  DefaultJWT,
  GetTokenParams,
  JWT,
  JWTDecodeParams,
  JWTEncodeParams,
  JWTOptions,
} from "./types/jwt.js"
