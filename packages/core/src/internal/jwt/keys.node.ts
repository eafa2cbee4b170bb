/**
 * Session token keys for the `node:crypto` build: derived synchronously once per secret, salt
 * and algorithm, with their `kid` and their `KeyObject`s.
 */
import { createHash, createSecretKey, hkdfSync, type KeyObject } from "node:crypto"
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

/** A derived key ready for use with `node:crypto`. */
export interface NodeKey {
  readonly enc: ContentEncryption
  readonly raw: Buffer
  /** RFC 7638 thumbprint of the key as an `oct` JWK. */
  readonly kid: string
  /** `A256CBC-HS512`: the HMAC-SHA-512 key (first half of the raw key). */
  readonly mac?: KeyObject
  /** `A256CBC-HS512`: the AES-256-CBC key (second half). */
  readonly aes?: KeyObject
  /** `A256GCM`: the AES-256-GCM key. */
  readonly gcm?: KeyObject
  /** The encoded protected header of the tokens written with this key (`A256CBC-HS512` keys). */
  readonly header: string
  /** {@link header} as the bytes authenticated with the content. */
  readonly aad: Buffer
  /** The length of {@link aad} in bits, as the 64-bit big-endian integer the MAC covers. */
  readonly aadBits: Buffer
}

const cache = new Map<string, NodeKey>()

/**
 * The key Auth.js derives for a secret and salt (HKDF-SHA256, info
 * `Auth.js Generated Encryption Key (<salt>)`), with its `kid`, from a bounded cache.
 *
 * @throws {TypeError} When the secret or the salt is empty or not a string, or `enc` is not
 *   supported.
 * @see https://www.rfc-editor.org/rfc/rfc5869 HKDF
 * @see https://www.rfc-editor.org/rfc/rfc7638 JWK thumbprint
 */
export function prepareNodeKey(secret: string, salt: string, enc: ContentEncryption): NodeKey {
  assertKeyInput(secret, salt, enc)
  const cacheKey = keyCacheKey(secret, salt, enc)
  const cached = cache.get(cacheKey)
  if (cached) return cached
  const length = KEY_LENGTH[enc]
  const raw = Buffer.from(hkdfSync("sha256", secret, salt, hkdfInfo(salt), length))
  const kid = createHash(length === 64 ? "sha512" : "sha256")
    .update(thumbprintInput(raw.toString("base64url")))
    .digest("base64url")
  const header = Buffer.from(protectedHeaderJson(kid)).toString("base64url")
  const aad = Buffer.from(header, "latin1")
  const common = { enc, raw, kid, header, aad, aadBits: lengthInBits(aad) }
  const key: NodeKey =
    enc === "A256GCM"
      ? { ...common, gcm: createSecretKey(raw) }
      : {
          ...common,
          mac: createSecretKey(raw.subarray(0, 32)),
          aes: createSecretKey(raw.subarray(32)),
        }
  cacheSet(cache, cacheKey, key)
  return key
}

/** A byte length in bits, as a 64-bit big-endian integer (RFC 7518 section 5.2.2.1, "AL"). */
export function lengthInBits(bytes: Uint8Array): Buffer {
  const bits = bytes.length * 8
  const length = Buffer.alloc(8)
  length.writeUInt32BE(Math.floor(bits / 2 ** 32), 0)
  length.writeUInt32BE(bits >>> 0, 4)
  return length
}
