/**
 * Session token encryption on WebCrypto, for every runtime (the default of the `#jwe` import;
 * Node gets `jwe.node.ts`). Writes `dir` + `A256CBC-HS512` compact JWEs and reads those (and
 * `A256GCM` ones when allowed), as `jose` does for Auth.js, with keys prepared once per secret
 * and salt.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7516 JSON Web Encryption
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-5.2 AES_CBC_HMAC_SHA2
 */
import { JWEDecryptionFailed } from "jose/errors"
import { decodeBase64url, encodeBase64url } from "./base64url.js"
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
import { type PreparedKey, prepareKey } from "./keys.js"

export type { Claims }

/** Bytes that WebCrypto accepts: backed by an `ArrayBuffer`. */
type Bytes = Uint8Array<ArrayBuffer>

const encoder = new TextEncoder()
const strictDecoder = new TextDecoder("utf-8", { fatal: true })
const segments: SegmentDecoder<Bytes> = {
  bytes: decodeBase64url,
  text: (segment) => strictDecoder.decode(decodeBase64url(segment)),
}

/**
 * Encrypts claims as a compact JWE under the key derived from the secret and salt, with the
 * protected header `{"alg":"dir","enc":"A256CBC-HS512","kid":…}`.
 *
 * @throws {TypeError} When the secret or salt is missing, or `nbf` is not finite.
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-5.2.2.1 AES_CBC_HMAC_SHA2 encryption
 */
export async function encryptClaims(claims: Claims, secret: string, salt: string): Promise<string> {
  const key = await prepareKey(secret, salt, ENCODE_ENCRYPTION)
  const { mac, aes } = key.cbc!
  const plaintext = encoder.encode(serializeClaims(claims))
  const iv = crypto.getRandomValues(new Uint8Array(16))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-CBC", iv }, aes, plaintext),
  )
  const tag = await cbcTag(mac, key.header, iv, ciphertext)
  return `${key.header}..${encodeBase64url(iv)}.${encodeBase64url(ciphertext)}.${encodeBase64url(tag)}`
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
  const key = await findKey(jwe, secrets, salt)
  assertContentParts(jwe)
  let plaintext = await decryptContent(jwe, key)
  if (jwe.header.zip === "DEF") plaintext = await inflatePlaintext(plaintext)
  return readClaims(
    () => strictDecoder.decode(plaintext),
    jwe.header,
    Math.floor(Date.now() / 1000),
  )
}

async function findKey(
  jwe: CompactJwe<Bytes>,
  secrets: readonly string[],
  salt: string,
): Promise<PreparedKey> {
  const { kid } = jwe.header
  // Auth.js tokens from before `kid` was added: only the first secret is tried.
  if (kid === undefined) return prepareKey(secrets[0]!, salt, jwe.enc)
  for (const secret of secrets) {
    const key = await prepareKey(secret, salt, jwe.enc)
    if (key.kid === kid) return key
  }
  throw noMatchingSecret()
}

async function decryptContent(
  jwe: CompactJwe<Bytes> & { iv: Bytes; tag: Bytes },
  key: PreparedKey,
): Promise<Uint8Array> {
  const { iv, tag, ciphertext, aad } = jwe
  try {
    if (key.gcm) {
      const sealed = new Uint8Array(ciphertext.length + tag.length)
      sealed.set(ciphertext)
      sealed.set(tag, ciphertext.length)
      const additionalData = encoder.encode(aad)
      const params = { name: "AES-GCM", iv, additionalData, tagLength: 128 }
      return new Uint8Array(await crypto.subtle.decrypt(params, key.gcm, sealed))
    }
    const { mac, aes } = key.cbc!
    const expected = await cbcTag(mac, aad, iv, ciphertext)
    if (equalInConstantTime(expected, tag)) {
      return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-CBC", iv }, aes, ciphertext))
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
async function cbcTag(
  mac: CryptoKey,
  aad: string,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array> {
  const input = new Uint8Array(aad.length + iv.length + ciphertext.length + 8)
  // The AAD is an encoded header: ASCII, so one byte per character.
  const written = encoder.encodeInto(aad, input).written
  input.set(iv, written)
  input.set(ciphertext, written + iv.length)
  const bits = written * 8
  const view = new DataView(input.buffer, written + iv.length + ciphertext.length, 8)
  view.setUint32(0, Math.floor(bits / 2 ** 32))
  view.setUint32(4, bits >>> 0)
  return new Uint8Array(await crypto.subtle.sign("HMAC", mac, input), 0, 32)
}

/** Compares two tags without an early exit, so timing does not tell how much matched. */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!
  return difference === 0
}
