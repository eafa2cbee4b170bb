// `#jwe` is `internal/jwt/jwe.node.ts` under the "node" condition, else `internal/jwt/jwe.ts`
// (WebCrypto): see "imports" in package.json.
import { decryptClaims, encryptClaims } from "#jwe"
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "../../types/jwt.js"

/** Seconds until a token expires when `maxAge` is not given: 30 days. */
const DEFAULT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

/**
 * Encrypts a token as a compact JWE (`alg: "dir"`, `enc: "A256CBC-HS512"`) with the key derived
 * from the first secret and the salt, setting `iat`, `exp` and `jti` (over any values in `token`).
 *
 * @throws {TypeError} When the secret or salt is missing, `token` is not an object, or `maxAge`
 *   is not a finite number.
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-3.1 JWE compact serialization
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-4.1 Registered claims
 * @example
 * const token = await encode({ token: { sub: "42" }, secret, salt: "authjs.session-token" })
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = DEFAULT_MAX_AGE_SECONDS, salt } = params
  if (typeof token !== "object" || token === null || Array.isArray(token)) {
    throw new TypeError("The JWT payload must be an object: pass `token` as a plain object.")
  }
  if (typeof maxAge !== "number" || !Number.isFinite(maxAge)) {
    throw new TypeError("The JWT maxAge is invalid: pass a number of seconds.")
  }
  const [first] = toSecretList(secret)
  const now = Math.floor(Date.now() / 1000)
  const claims = { ...token, iat: now, exp: now + maxAge, jti: crypto.randomUUID() }
  return encryptClaims(claims, first!, salt)
}

/**
 * Decrypts a token made by {@link encode} (or by Auth.js) and returns its claims.
 *
 * With a list of secrets, the one whose derived key matches the token's `kid` decrypts it, so
 * tokens made before a rotation keep working while the old secret is still in the list. A token
 * without `kid` is tried with the first secret only. `exp` is required, and `exp` and `nbf` are
 * checked with 15 seconds of clock tolerance. Unlike Auth.js, a token without `exp`, a part that
 * is not canonical base64url (padding, whitespace, stray bits) and, unless `allowA256GCM` is
 * set, an `A256GCM` token are refused.
 *
 * @returns The claims, or `null` when `token` is empty.
 * @throws {TypeError} When the secret or salt is missing.
 * @throws {Error} `no matching decryption secret` when no secret matches the `kid`.
 * @throws {import("jose").errors.JOSEError} When the token is malformed, tampered with or expired.
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-5.2 JWE decryption
 * @example
 * const claims = await decode({ token, secret: [newSecret, oldSecret], salt: "authjs.session-token" })
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt, allowA256GCM = false } = params
  if (!token) return null
  const secrets = toSecretList(secret)
  if (typeof salt !== "string" || salt === "") {
    throw new TypeError(
      "The JWT salt is missing: pass `salt` (for session tokens, the cookie name).",
    )
  }
  return (await decryptClaims(token, secrets, salt, { allowA256GCM })) as Payload
}

function toSecretList(secret: string | string[]): string[] {
  const secrets = Array.isArray(secret) ? secret : [secret]
  if (secrets.length === 0) {
    throw new TypeError(
      "The JWT secret is empty: pass `secret` (for example the AUTH_SECRET value).",
    )
  }
  return secrets
}
