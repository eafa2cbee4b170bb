/**
 * Session token encryption on `node:crypto`, chosen by the `"node"` condition of the `#jwe`
 * import. The same tokens as the WebCrypto build (`jwe.ts`), made with Node's synchronous
 * native primitives: no thread-pool round trip per operation.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7516 JSON Web Encryption
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-5.2 AES_CBC_HMAC_SHA2
 */
import { isUtf8 } from "node:buffer"
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  type KeyObject,
  randomFillSync,
  timingSafeEqual,
} from "node:crypto"
import { JWEDecryptionFailed } from "jose/errors"
import { decodeBase64url } from "./base64url.js"
import { type Claims, readClaims, serializeClaims } from "./claims.js"
import {
  assertContentParts,
  type CompactJwe,
  type DecryptOptions,
  ENCODE_ENCRYPTION,
  inflatePlaintext,
  noMatchingSecret,
  parseCompactJwe,
  type SegmentDecoder,
} from "./compact.js"
import { lengthInBits, type NodeKey, prepareNodeKey } from "./keys.node.js"

export type { Claims }

/** Unpadded base64url whose length can be decoded: what every token we write consists of. */
const CANONICAL_BASE64URL = /^[A-Za-z0-9_-]*$/

const segments: SegmentDecoder<Buffer> = {
  bytes: decodeSegment,
  text: (segment) => utf8Text(decodeSegment(segment)),
}

/** Random bytes are drawn 4 KiB at a time; an IV takes 16 of them. */
const RANDOM_POOL_SIZE = 4096
const randomPool = Buffer.alloc(RANDOM_POOL_SIZE)
let randomOffset = RANDOM_POOL_SIZE

/**
 * Encrypts claims as a compact JWE under the key derived from the secret and salt, with the
 * protected header `{"alg":"dir","enc":"A256CBC-HS512","kid":…}`.
 *
 * @throws {TypeError} When the secret or salt is missing, or `nbf` is not finite.
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-5.2.2.1 AES_CBC_HMAC_SHA2 encryption
 */
export async function encryptClaims(claims: Claims, secret: string, salt: string): Promise<string> {
  const key = prepareNodeKey(secret, salt, ENCODE_ENCRYPTION)
  const plaintext = serializeClaims(claims)
  const iv = randomIv()
  const cipher = createCipheriv("aes-256-cbc", key.aes!, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
  const tag = cbcTag(key.mac!, key.aad, key.aadBits, iv, ciphertext)
  return `${key.header}..${iv.toString("base64url")}.${ciphertext.toString("base64url")}.${tag.toString("base64url")}`
}

/**
 * Decrypts a compact JWE and checks its claims. With a `kid`, the first secret whose key has
 * that `kid` decrypts; without one, the first secret. Only `A256CBC-HS512` tokens are read,
 * and `A256GCM` ones too with `options.allowA256GCM`; every part must be canonical base64url
 * and the claims must include `exp`.
 *
 * @throws {Error} `no matching decryption secret` when no secret's key has the `kid`.
 * @throws {import("jose").errors.JOSEError} The error `jose`'s `jwtDecrypt` throws for a
 *   malformed, tampered or expired token.
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-5.2 JWE decryption
 */
export async function decryptClaims(
  token: string,
  secrets: readonly string[],
  salt: string,
  options: DecryptOptions = {},
): Promise<Claims> {
  const jwe = parseCompactJwe(token, segments, options)
  const key = findKey(jwe, secrets, salt)
  assertContentParts(jwe)
  let plaintext: Uint8Array = decryptContent(jwe, key)
  if (jwe.header.zip === "DEF") plaintext = await inflatePlaintext(plaintext)
  const bytes = Buffer.from(plaintext.buffer, plaintext.byteOffset, plaintext.byteLength)
  return readClaims(() => utf8Text(bytes), jwe.header, Math.floor(Date.now() / 1000))
}

function findKey(jwe: CompactJwe<Buffer>, secrets: readonly string[], salt: string): NodeKey {
  const { kid } = jwe.header
  // Auth.js tokens from before `kid` was added: only the first secret is tried.
  if (kid === undefined) return prepareNodeKey(secrets[0]!, salt, jwe.enc)
  for (const secret of secrets) {
    const key = prepareNodeKey(secret, salt, jwe.enc)
    if (key.kid === kid) return key
  }
  throw noMatchingSecret()
}

function decryptContent(
  jwe: CompactJwe<Buffer> & { iv: Buffer; tag: Buffer },
  key: NodeKey,
): Buffer {
  const { iv, tag, ciphertext, aad } = jwe
  try {
    if (key.gcm) {
      const decipher = createDecipheriv("aes-256-gcm", key.gcm, iv, { authTagLength: 16 })
      decipher.setAAD(Buffer.from(aad, "latin1"))
      decipher.setAuthTag(tag)
      return Buffer.concat([decipher.update(ciphertext), decipher.final()])
    }
    // Tokens written with this key carry its header: reuse its bytes.
    const ownHeader = aad === key.header
    const aadBytes = ownHeader ? key.aad : Buffer.from(aad, "latin1")
    const aadBits = ownHeader ? key.aadBits : lengthInBits(aadBytes)
    const expected = cbcTag(key.mac!, aadBytes, aadBits, iv, ciphertext)
    if (expected.length === tag.length && timingSafeEqual(expected, tag)) {
      const decipher = createDecipheriv("aes-256-cbc", key.aes!, iv)
      return Buffer.concat([decipher.update(ciphertext), decipher.final()])
    }
  } catch {
    // A bad padding or GCM tag: reported like a bad CBC tag, revealing nothing more.
  }
  throw new JWEDecryptionFailed()
}

/**
 * The authentication tag: the first half of HMAC-SHA-512 over AAD, IV, ciphertext and the AAD
 * length in bits as a 64-bit big-endian integer.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-5.2.2.1 steps 4 to 6
 */
function cbcTag(
  mac: KeyObject,
  aad: Buffer,
  aadBits: Buffer,
  iv: Buffer,
  ciphertext: Buffer,
): Buffer {
  return createHmac("sha512", mac)
    .update(aad)
    .update(iv)
    .update(ciphertext)
    .update(aadBits)
    .digest()
    .subarray(0, 32)
}

/**
 * Decodes base64url natively. `parseCompactJwe` has checked that the segment is canonical, which
 * Node's decoder (lenient about stray characters) does not check; anything else goes through the
 * WebCrypto build's decoder, so both builds fail alike.
 */
function decodeSegment(segment: string): Buffer {
  if (segment.length % 4 !== 1 && CANONICAL_BASE64URL.test(segment)) {
    return Buffer.from(segment, "base64url")
  }
  const bytes = decodeBase64url(segment)
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** Strict UTF-8, as `TextDecoder` with `fatal: true` (which also drops a leading BOM). */
function utf8Text(bytes: Buffer): string {
  if (!isUtf8(bytes)) throw new TypeError("The encoded data was not valid for encoding utf-8")
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  return bytes.toString("utf8", bom ? 3 : 0)
}

function randomIv(): Buffer {
  if (randomOffset + 16 > RANDOM_POOL_SIZE) {
    randomFillSync(randomPool)
    randomOffset = 0
  }
  const iv = Buffer.from(randomPool.subarray(randomOffset, randomOffset + 16))
  randomOffset += 16
  return iv
}
