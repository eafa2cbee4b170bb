/**
 * Session token keys for the WebCrypto build: derived once per secret, salt and algorithm, with
 * their `kid` and their imported `CryptoKey`s, so a request does no key work at all.
 */
import { encodeBase64url } from "./base64url.js"
import {
  assertKeyInput,
  type ContentEncryption,
  cacheSet,
  hkdfInfo,
  KEY_LENGTH,
  keyCacheKey,
  protectedHeaderJson,
  thumbprintInput,
} from "./compact.js"

export type { ContentEncryption }

/** A key derived from a secret, and its `kid`. */
export interface DerivedKey {
  /** The raw content encryption key. */
  key: Uint8Array
  /** RFC 7638 thumbprint of the key as an `oct` JWK, as Auth.js puts it in the `kid` header. */
  kid: string
}

/** A derived key ready for use: imported once, with what encrypting under it always repeats. */
export interface PreparedKey {
  readonly enc: ContentEncryption
  readonly raw: Uint8Array
  readonly kid: string
  /** `A256CBC-HS512`: the HMAC-SHA-512 key (first half) and AES-CBC key (second half). */
  readonly cbc?: { readonly mac: CryptoKey; readonly aes: CryptoKey }
  /** `A256GCM`: the AES-GCM key. */
  readonly gcm?: CryptoKey
  /** The encoded protected header of the tokens written with this key (`A256CBC-HS512`). */
  readonly header: string
}

const cache = new Map<string, Promise<PreparedKey>>()
const encoder = new TextEncoder()

/**
 * Derives the content encryption key Auth.js uses for a secret and salt: HKDF-SHA256 with the
 * secret as input keying material, the salt (for session cookies, the cookie name) as salt, and
 * `Auth.js Generated Encryption Key (<salt>)` as info. Results are cached per secret, salt and
 * algorithm, so each key is derived once.
 *
 * @throws {TypeError} When the secret or the salt is empty or not a string, or `enc` is not
 *   supported.
 * @see https://www.rfc-editor.org/rfc/rfc5869 HKDF
 * @see https://www.rfc-editor.org/rfc/rfc7638 JWK thumbprint
 */
export async function deriveEncryptionKey(
  secret: string,
  salt: string,
  enc: ContentEncryption,
): Promise<DerivedKey> {
  const { raw, kid } = await prepareKey(secret, salt, enc)
  // A copy, so no caller can alter the cached key.
  return { key: raw.slice(), kid }
}

/**
 * The prepared key for a secret, salt and algorithm: derived, identified and imported on first
 * use, then served from a bounded cache. A failed preparation is not cached.
 *
 * @throws {TypeError} As {@link deriveEncryptionKey}.
 */
export function prepareKey(
  secret: string,
  salt: string,
  enc: ContentEncryption,
): Promise<PreparedKey> {
  try {
    assertKeyInput(secret, salt, enc)
  } catch (error) {
    return Promise.reject(error)
  }
  const cacheKey = keyCacheKey(secret, salt, enc)
  const cached = cache.get(cacheKey)
  if (cached) return cached
  const pending = derive(secret, salt, enc)
  cacheSet(cache, cacheKey, pending)
  pending.catch(() => {
    if (cache.get(cacheKey) === pending) cache.delete(cacheKey)
  })
  return pending
}

async function derive(secret: string, salt: string, enc: ContentEncryption): Promise<PreparedKey> {
  const subtle = crypto.subtle
  const material = await subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveBits",
  ])
  const length = KEY_LENGTH[enc]
  const bits = await subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode(salt),
      info: encoder.encode(hkdfInfo(salt)),
    },
    material,
    length * 8,
  )
  const raw = new Uint8Array(bits)
  const digest = await subtle.digest(
    length === 64 ? "SHA-512" : "SHA-256",
    encoder.encode(thumbprintInput(encodeBase64url(raw))),
  )
  const kid = encodeBase64url(new Uint8Array(digest))
  const header = encodeBase64url(encoder.encode(protectedHeaderJson(kid)))
  if (enc === "A256GCM") {
    const gcm = await subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"])
    return { enc, raw, kid, gcm, header }
  }
  const [mac, aes] = await Promise.all([
    subtle.importKey("raw", raw.subarray(0, 32), { name: "HMAC", hash: "SHA-512" }, false, [
      "sign",
    ]),
    subtle.importKey("raw", raw.subarray(32), "AES-CBC", false, ["encrypt", "decrypt"]),
  ])
  return { enc, raw, kid, cbc: { mac, aes }, header }
}
