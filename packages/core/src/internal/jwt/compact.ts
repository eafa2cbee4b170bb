/**
 * The parts of session token encryption that do not depend on the crypto API: key derivation
 * inputs, and parsing and checking a compact JWE in the order `jose`'s `jwtDecrypt` does, so
 * that the WebCrypto and the `node:crypto` builds accept the same tokens and reject the others
 * with the same `jose` errors.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-7.1 JWE compact serialization
 */
import { JOSEAlgNotAllowed, JOSENotSupported, JWEInvalid } from "jose/errors"
import { detach } from "./detach.js"

/** The content encryption algorithms a session token may use. */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM"

/** Session tokens are always written with this; decoding accepts `A256GCM` only when allowed. */
export const ENCODE_ENCRYPTION: ContentEncryption = "A256CBC-HS512"

/** How a token may be decoded. */
export interface DecryptOptions {
  /**
   * Accept `enc: "A256GCM"` tokens. Their key is the first half of the `A256CBC-HS512` key
   * derived from the same secret and salt, which is also that algorithm's MAC key: one key for
   * two algorithms (inherited from Auth.js). Off unless a deployment still has such tokens.
   */
  allowA256GCM?: boolean
}

/** Key lengths in bytes: CBC-HS512 takes a 256-bit MAC key plus a 256-bit AES key. */
export const KEY_LENGTH: Readonly<Record<ContentEncryption, number>> = {
  "A256CBC-HS512": 64,
  A256GCM: 32,
}

/** Initialization vector lengths in bytes (RFC 7518 sections 5.2.2 and 5.3). */
const IV_LENGTH: Readonly<Record<ContentEncryption, number>> = {
  "A256CBC-HS512": 16,
  A256GCM: 12,
}

/** At most this many derived keys are kept per build; a config uses a few, rotation a few more. */
export const KEY_CACHE_SIZE = 64

/** `jose`'s default bound on a `zip: "DEF"` plaintext once inflated, in bytes. */
const MAX_INFLATED_BYTES = 250_000

/**
 * Checks the inputs of the key derivation.
 *
 * @throws {TypeError} When the secret or the salt is empty or not a string, or `enc` is not
 *   supported.
 */
export function assertKeyInput(secret: unknown, salt: unknown, enc: unknown): void {
  if (typeof secret !== "string" || secret === "") {
    throw new TypeError(
      "The JWT secret is empty: pass `secret` (for example the AUTH_SECRET value).",
    )
  }
  if (typeof salt !== "string" || salt === "") {
    throw new TypeError(
      "The JWT salt is missing: pass `salt` (for session tokens, the cookie name).",
    )
  }
  if (typeof enc !== "string" || !Object.hasOwn(KEY_LENGTH, enc)) {
    throw new TypeError(
      `Unsupported JWT Content Encryption Algorithm: use "A256CBC-HS512" or "A256GCM".`,
    )
  }
}

/** The HKDF `info` Auth.js uses for a salt. */
export function hkdfInfo(salt: string): string {
  return `Auth.js Generated Encryption Key (${salt})`
}

/**
 * The text whose SHA-512 (64-byte key) or SHA-256 (32-byte key) digest is the `kid`: the
 * required members of the key as an `oct` JWK, in lexicographic order, without whitespace.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7638#section-3.2 JWK thumbprint input
 */
export function thumbprintInput(base64urlKey: string): string {
  return `{"k":"${base64urlKey}","kty":"oct"}`
}

/** The protected header of a token written with a key, members in Auth.js's order. */
export function protectedHeaderJson(kid: string): string {
  return JSON.stringify({ alg: "dir", enc: ENCODE_ENCRYPTION, kid })
}

/** A cache key for a secret and salt that no two different pairs share. */
export function keyCacheKey(secret: string, salt: string, enc: ContentEncryption): string {
  return `${enc}:${salt.length}:${salt}:${secret}`
}

/** Puts an entry in a bounded insertion-ordered cache, dropping the oldest beyond the bound. */
export function cacheSet<K, V>(cache: Map<K, V>, key: K, value: V): void {
  cache.set(key, value)
  if (cache.size > KEY_CACHE_SIZE) cache.delete(cache.keys().next().value as K)
}

/** The protected header of a token, as parsed. */
export type ProtectedHeader = Record<string, unknown>

/** A compact JWE split and checked up to the point where the key is needed. */
export interface CompactJwe<Bytes> {
  header: ProtectedHeader
  enc: ContentEncryption
  /** The encoded protected header: the additional authenticated data. */
  aad: string
  hasEncryptedKey: boolean
  iv: Bytes | undefined
  ciphertext: Bytes
  tag: Bytes | undefined
}

/** Unpadded base64url characters only. */
const BASE64URL_CHARACTERS = /^[A-Za-z0-9_-]*$/

const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/**
 * Whether a segment is canonical unpadded base64url: only the URL-safe alphabet (no padding,
 * no whitespace, no `+` or `/`), a length that encodes whole bytes, and zero bits after the last
 * byte, so that exactly one string encodes each byte sequence. `jose` also accepts padding,
 * whitespace and stray trailing bits (it decodes with `atob`), so many spellings of one token
 * decrypt there; they are refused here.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7515#section-2 base64url without padding
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-3.5 canonical encoding
 */
export function isCanonicalBase64url(segment: string): boolean {
  if (!BASE64URL_CHARACTERS.test(segment)) return false
  const remainder = segment.length % 4
  if (remainder === 1) return false
  if (remainder === 0) return true
  // 2 characters carry one byte and 4 spare bits, 3 carry two bytes and 2 spare bits.
  const last = BASE64URL_ALPHABET.indexOf(segment[segment.length - 1]!)
  return last % (remainder === 2 ? 16 : 4) === 0
}

/** How a build decodes base64url segments. */
export interface SegmentDecoder<Bytes> {
  /** The bytes of a segment; throws when it is not base64url. */
  bytes(segment: string): Bytes
  /** The strict UTF-8 text of a segment; throws when it is not base64url or not UTF-8. */
  text(segment: string): string
}

/**
 * Splits a compact JWE and checks its protected header, accepting only `alg: "dir"` with
 * `enc` `A256CBC-HS512` (or `A256GCM`, when `options.allowA256GCM` is set).
 *
 * @throws {JWEInvalid} When the token is not a well-formed compact JWE, or a part is not
 *   canonical base64url.
 * @throws {JOSEAlgNotAllowed} When `alg` or `enc` is not one of those.
 * @throws {JOSENotSupported} For `crit` extensions and unknown `zip` values.
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-5.2 JWE decryption, steps 1 to 9
 */
export function parseCompactJwe<Bytes>(
  token: unknown,
  decoder: SegmentDecoder<Bytes>,
  options: DecryptOptions = {},
): CompactJwe<Bytes> {
  const text = token instanceof Uint8Array ? new TextDecoder().decode(token) : token
  if (typeof text !== "string") throw new JWEInvalid("Compact JWE must be a string or Uint8Array")
  const parts = text.split(".")
  if (parts.length !== 5) throw new JWEInvalid("Invalid Compact JWE")
  const [aad, encryptedKey, iv, ciphertext, tag] = parts as [string, string, string, string, string]

  const header = parseHeader(aad, decoder)
  const result: CompactJwe<Bytes> = {
    header,
    enc: "A256CBC-HS512",
    aad,
    hasEncryptedKey: encryptedKey !== "",
    ciphertext: decodeSegment(decoder, ciphertext, "ciphertext"),
    iv: iv === "" ? undefined : decodeSegment(decoder, iv, "iv"),
    tag: tag === "" ? undefined : decodeSegment(decoder, tag, "tag"),
  }
  result.enc = checkHeader(header, options)
  if (encryptedKey !== "") decodeSegment(decoder, encryptedKey, "encrypted_key")
  return result
}

/**
 * Checks what needs the key to have been found: no encrypted key (`dir`), and an IV and a tag
 * of the lengths `enc` takes.
 *
 * @throws {JWEInvalid} When a part is missing or has the wrong length.
 */
export function assertContentParts<Bytes extends Uint8Array>(
  jwe: CompactJwe<Bytes>,
): asserts jwe is CompactJwe<Bytes> & { iv: Bytes; tag: Bytes } {
  if (jwe.hasEncryptedKey) throw new JWEInvalid("Encountered unexpected JWE Encrypted Key")
  if (!jwe.iv) throw new JWEInvalid("JWE Initialization Vector missing")
  if (!jwe.tag) throw new JWEInvalid("JWE Authentication Tag missing")
  if (jwe.enc === "A256GCM" && jwe.tag.length !== 16) {
    throw new JWEInvalid("Invalid Authentication Tag length")
  }
  if (jwe.iv.length !== IV_LENGTH[jwe.enc]) {
    throw new JWEInvalid("Invalid Initialization Vector length")
  }
}

/** The error `jose` and Auth.js throw when no secret's key has the token's `kid`. */
export function noMatchingSecret(): Error {
  return new Error("no matching decryption secret")
}

/**
 * Inflates a `zip: "DEF"` plaintext (raw DEFLATE), bounded as `jose` bounds it.
 *
 * @throws {JWEInvalid} When the data does not inflate or inflates beyond 250 000 bytes.
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-4.1.3 "zip" header parameter
 */
export async function inflatePlaintext(deflated: Uint8Array): Promise<Uint8Array> {
  try {
    return await inflate(deflated)
  } catch (cause) {
    throw cause instanceof JWEInvalid
      ? cause
      : new JWEInvalid("Failed to decompress plaintext", { cause })
  }
}

async function inflate(deflated: Uint8Array): Promise<Uint8Array> {
  if (typeof DecompressionStream === "undefined") {
    throw new JOSENotSupported(
      'JWE "zip" (Compression Algorithm) Header Parameter requires the DecompressionStream API.',
    )
  }
  const stream = new DecompressionStream("deflate-raw")
  const writer = stream.writable.getWriter()
  writer.write(deflated as Uint8Array<ArrayBuffer>).catch(() => {})
  writer.close().catch(() => {})
  const reader = stream.readable.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    chunks.push(value)
    length += value.byteLength
    if (length > MAX_INFLATED_BYTES) {
      await reader.cancel().catch(() => {})
      throw new JWEInvalid("Decompressed plaintext exceeded the configured limit")
    }
  }
  const result = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    result.set(chunk, offset)
    offset += chunk.byteLength
  }
  return result
}

/** A value JSON parsed into an object that is not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

/** Headers already parsed: every token of a key has the same one. Frozen, as they are shared. */
const headerCache = new Map<string, ProtectedHeader>()

/** Longer encoded headers are parsed every time rather than cached. */
const MAX_CACHED_HEADER_LENGTH = 512

function parseHeader<Bytes>(segment: string, decoder: SegmentDecoder<Bytes>): ProtectedHeader {
  const cached = headerCache.get(segment)
  if (cached) return cached
  let header: unknown
  try {
    if (!isCanonicalBase64url(segment)) throw new TypeError("Not canonical base64url.")
    header = JSON.parse(decoder.text(segment))
  } catch (cause) {
    throw new JWEInvalid("JWE Protected Header is invalid", { cause })
  }
  if (!isJsonObject(header)) throw new JWEInvalid("JWE Protected Header is invalid")
  if (segment.length <= MAX_CACHED_HEADER_LENGTH) {
    // A copy as the key: the segment is a slice of the request's `Cookie` header.
    cacheSet(headerCache, detach(segment), deepFreeze(header))
  }
  return header
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member)
    Object.freeze(value)
  }
  return value
}

function decodeSegment<Bytes>(
  decoder: SegmentDecoder<Bytes>,
  segment: string,
  label: string,
): Bytes {
  try {
    if (!isCanonicalBase64url(segment)) throw new TypeError("Not canonical base64url.")
    return decoder.bytes(segment)
  } catch (cause) {
    throw new JWEInvalid(`Failed to base64url decode the ${label}`, { cause })
  }
}

/** `jose`'s header checks for a direct-encryption JWE, in its order. */
function checkHeader(header: ProtectedHeader, options: DecryptOptions): ContentEncryption {
  const { crit, zip, alg, enc } = header
  if (crit !== undefined) {
    if (
      !Array.isArray(crit) ||
      crit.length === 0 ||
      crit.some((name) => typeof name !== "string" || name.length === 0)
    ) {
      throw new JWEInvalid(
        '"crit" (Critical) Header Parameter MUST be an array of non-empty strings when present',
      )
    }
    // No extension is recognized.
    throw new JOSENotSupported(`Extension Header Parameter "${crit[0]}" is not recognized`)
  }
  if (zip !== undefined && zip !== "DEF") {
    throw new JOSENotSupported(
      'Unsupported JWE "zip" (Compression Algorithm) Header Parameter value.',
    )
  }
  if (typeof alg !== "string" || alg === "") {
    throw new JWEInvalid("missing JWE Algorithm (alg) in JWE Header")
  }
  if (typeof enc !== "string" || enc === "") {
    throw new JWEInvalid("missing JWE Encryption Algorithm (enc) in JWE Header")
  }
  if (alg !== "dir") {
    throw new JOSEAlgNotAllowed('"alg" (Algorithm) Header Parameter value not allowed')
  }
  if (enc !== "A256CBC-HS512" && !(enc === "A256GCM" && options.allowA256GCM === true)) {
    throw new JOSEAlgNotAllowed('"enc" (Encryption Algorithm) Header Parameter value not allowed')
  }
  return enc
}
