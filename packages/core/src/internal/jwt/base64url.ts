/**
 * Base64url without padding, for the WebCrypto build of the session token code. Decoding accepts
 * exactly what `jose` accepts, so a malformed token fails the same way in every build.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7515#section-2 base64url in JOSE
 */

interface Base64Codec {
  fromBase64?: (input: string, options: { alphabet: "base64url" }) => Uint8Array<ArrayBuffer>
}

interface Base64Bytes {
  toBase64?: (options: { alphabet: "base64url"; omitPadding: true }) => string
}

const CHUNK_SIZE = 0x8000

/** Encodes bytes as base64url without padding. */
export function encodeBase64url(bytes: Uint8Array): string {
  const native = (bytes as Base64Bytes).toBase64
  if (native) return native.call(bytes, { alphabet: "base64url", omitPadding: true })
  let binary = ""
  for (let i = 0; i < bytes.length; i += CHUNK_SIZE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK_SIZE))
  }
  return btoa(binary).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")
}

/** Encodes bytes as standard base64 with padding (`btoa`'s alphabet). */
export function encodeBase64(bytes: Uint8Array): string {
  return encodeBase64url(bytes)
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(bytes.length / 3) * 4, "=")
}

/**
 * Decodes base64url as `jose` does: `Uint8Array.fromBase64` where the runtime has it, else
 * `atob` (which tolerates padding and whitespace).
 *
 * @throws {TypeError} When the input is not base64url.
 */
export function decodeBase64url(input: string): Uint8Array<ArrayBuffer> {
  try {
    const native = (Uint8Array as Base64Codec).fromBase64
    if (native) return native(input, { alphabet: "base64url" })
    if (input.includes("+") || input.includes("/")) throw new TypeError("Invalid base64url")
    const binary = atob(input.replace(/-/g, "+").replace(/_/g, "/"))
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch (cause) {
    throw new TypeError("The input to be decoded is not correctly encoded.", { cause })
  }
}
