/**
 * Byte helpers for the soft WebAuthn authenticator: base64url as WebAuthn's JSON forms use it,
 * big-endian integers as authenticator data lays them out, and SHA-256. WebCrypto and
 * `TextEncoder` only, so the helpers run wherever core does.
 */

/** Bytes backed by an `ArrayBuffer`, as WebCrypto accepts them. */
export type Bytes = Uint8Array<ArrayBuffer>

const BASE64URL = /^[A-Za-z0-9_-]*$/

/** Concatenates byte arrays. */
export function concatBytes(parts: readonly Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** UTF-8 encodes a string. */
export function utf8(text: string): Bytes {
  return new TextEncoder().encode(text)
}

/**
 * Encodes bytes as unpadded base64url, the encoding of every binary field in WebAuthn's JSON
 * forms.
 *
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-5
 * @see https://w3c.github.io/webauthn/#base64url-encoding
 */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

/**
 * Decodes unpadded base64url.
 *
 * @throws {TypeError} when `text` is not base64url
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-5
 */
export function fromBase64Url(text: string): Bytes {
  if (!BASE64URL.test(text) || text.length % 4 === 1) {
    throw new TypeError(`Not unpadded base64url: "${text}".`)
  }
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** A 16-bit unsigned integer, big-endian (a credential id's length in authenticator data). */
export function uint16BE(value: number): Bytes {
  const out = new Uint8Array(2)
  new DataView(out.buffer).setUint16(0, value)
  return out
}

/** A 32-bit unsigned integer, big-endian (the signature counter in authenticator data). */
export function uint32BE(value: number): Bytes {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value)
  return out
}

/** The SHA-256 digest of `data`. */
export async function sha256(data: Bytes): Promise<Bytes> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data))
}
