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
// `#jwe` is `internal/jwt/jwe.node.ts` under the "node" condition, else `internal/jwt/jwe.ts`
// (WebCrypto): see "imports" in package.json.
import { decryptClaims, encryptClaims } from "#jwe"
import { MissingSecret } from "./errors.js"
import { readChunkedCookie } from "./internal/cookies/chunks.js"
import { sessionCookieName } from "./internal/cookies/defaults.js"
import { parseCookieHeader } from "./internal/cookies/parse.js"
import type { LoggerInstance } from "./internal/logger.js"
import type { Awaitable } from "./providers/provider-types.js"

/** The claims core puts in a session token. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null
  email?: string | null
  picture?: string | null
  sub?: string
  iat?: number
  exp?: number
  jti?: string
}

/** The session token's payload. Extend it with module augmentation. */
export interface JWT extends Record<string, unknown>, DefaultJWT {}

/** Parameters of {@link encode}. */
export interface JWTEncodeParams<Payload = JWT> {
  /** The payload. @default {} */
  token?: Payload
  /** Salts the key derivation; for session cookies, the cookie name. */
  salt: string
  /** The secret, or a list of them: the first one encrypts. */
  secret: string | string[]
  /** Seconds until the token expires. @default 2592000 (30 days) */
  maxAge?: number
}

/** Parameters of {@link decode}. */
export interface JWTDecodeParams {
  token?: string
  salt: string
  /** The secret, or a list of them: any of them may decrypt. */
  secret: string | string[]
  /**
   * Also decode tokens encrypted with `enc: "A256GCM"` (Auth.js decodes them; it never writes
   * them). Their key is the first half of the `A256CBC-HS512` key of the same secret and salt,
   * which is that algorithm's MAC key, so accepting them uses one key for two algorithms. Turn
   * it on only while tokens of that kind are still in circulation.
   *
   * @default false
   */
  allowA256GCM?: boolean
}

/** The `jwt` config option. */
export interface JWTOptions {
  secret: string | string[]
  /** Seconds until the token expires. @default session.maxAge */
  maxAge: number
  encode: (params: JWTEncodeParams) => Awaitable<string>
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>
  /**
   * Accept session tokens encrypted with `enc: "A256GCM"` (see {@link JWTDecodeParams.allowA256GCM}).
   * Passed to `decode` with the other options.
   *
   * @default false
   */
  allowA256GCM?: boolean
}

/** Parameters of {@link getToken}. */
export interface GetTokenParams<R extends boolean = false> {
  /** The request carrying the token in its cookies or its `Authorization: Bearer` header. */
  req: Request | { headers: Headers | Record<string, string> }
  /** The secret, or a list of them. Not needed with `raw: true`. */
  secret?: string | string[]
  /** Salts the key derivation. @default cookieName */
  salt?: string
  /** Look for the `__Secure-` prefixed cookie name (https sites). @default false */
  secureCookie?: boolean
  /** The session cookie's name. @default "authjs.session-token", or "__Secure-authjs.session-token" with `secureCookie` */
  cookieName?: string
  /** Return the encrypted token as sent, without decrypting it. @default false */
  raw?: R
  /** Decrypts the token; pass your `jwt.decode` if you override it. @default decode */
  decode?: JWTOptions["decode"]
  /** Also decode `A256GCM` tokens (see {@link JWTDecodeParams.allowA256GCM}). @default false */
  allowA256GCM?: boolean
  /** Receives a debug message when a token fails to decode. */
  logger?: LoggerInstance | Console
}

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

/**
 * Reads the session token of a request: from the session cookie (reassembled from chunks), else
 * from an `Authorization: Bearer <token>` header, and decrypts it.
 *
 * @returns The claims (or, with `raw: true`, the token string); `null` when the request carries
 *   no token or the token does not decode. (With `raw: true` it also returns `null` when there is
 *   no token, whatever the return type says; the type is Auth.js's.)
 * @throws {MissingSecret} When a token must be decrypted and no `secret` is given.
 * @throws {TypeError} When `req` is missing.
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-2.1 Bearer tokens in the Authorization header
 * @example
 * const token = await getToken({ req: request, secret: env.AUTH_SECRET, secureCookie: true })
 */
export async function getToken<R extends boolean = false>(
  params: GetTokenParams<R>,
): Promise<R extends true ? string : JWT | null>
export async function getToken(params: GetTokenParams<boolean>): Promise<string | JWT | null> {
  const {
    req,
    secureCookie = false,
    cookieName = sessionCookieName(secureCookie),
    salt = cookieName,
    secret,
    raw = false,
    decode: decodeToken = decode,
    allowA256GCM = false,
    logger,
  } = params
  if (!req) throw new TypeError("Must pass `req` to JWT getToken().")

  const token = readRequestToken(req.headers, cookieName)
  if (!token) return null
  if (raw) return token

  if (secret === undefined || secret === "" || (Array.isArray(secret) && secret.length === 0)) {
    throw new MissingSecret(
      "getToken() has no secret to decrypt the session token: pass `secret` (your AUTH_SECRET).",
    )
  }
  try {
    return await decodeToken({ token, secret, salt, allowA256GCM })
  } catch (error) {
    // The error's name and code only: a claims error carries the decrypted claims.
    logger?.debug("getToken: the session token could not be decoded", describeDecodeError(error))
    return null
  }
}

/** What went wrong decoding a token, without the token or its claims. */
function describeDecodeError(error: unknown): { name: string; code?: unknown } {
  if (!(error instanceof Error)) return { name: typeof error }
  const { code } = error as { code?: unknown }
  return code === undefined ? { name: error.name } : { name: error.name, code }
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

/** The token from the session cookie, else from a Bearer `Authorization` header. */
function readRequestToken(headers: unknown, cookieName: string): string | null {
  const cookies = parseCookieHeader(readHeader(headers, "cookie"))
  const fromCookie = readChunkedCookie(cookies, cookieName).value
  if (fromCookie) return fromCookie

  const [scheme, credentials] = (readHeader(headers, "authorization") ?? "").split(" ")
  if (scheme !== "Bearer" || !credentials) return null
  try {
    return decodeURIComponent(credentials)
  } catch {
    return null
  }
}

/** Reads a header from `Headers` or from a plain object such as Node's `IncomingHttpHeaders`. */
function readHeader(headers: unknown, name: string): string | null {
  if (typeof headers !== "object" || headers === null) return null
  if (headers instanceof Headers) return headers.get(name)
  if ("get" in headers && typeof headers.get === "function") {
    const value: unknown = headers.get(name)
    return typeof value === "string" ? value : null
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue
    if (typeof value === "string") return value
    // Node folds repeated Cookie headers into one joined by "; " (RFC 6265 section 5.4).
    if (Array.isArray(value)) return value.filter((part) => typeof part === "string").join("; ")
    return null
  }
  return null
}
