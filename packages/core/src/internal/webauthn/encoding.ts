/**
 * How credentials are spelled: browsers and `@simplewebauthn` use base64url; Auth.js stores
 * credential ids and public keys as standard base64 with padding. Ours store the same, so a
 * database written by Auth.js's passkeys keeps working.
 */
import { decodeBase64url, encodeBase64, encodeBase64url } from "../jwt/base64url.js"

/**
 * Decodes standard base64 (padding optional) or base64url.
 *
 * @throws {TypeError} when the input is neither
 */
export function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  return decodeBase64url(value.replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_"))
}

/** A credential id from the browser (base64url) as stored (base64), or `undefined` if malformed. */
export function storedCredentialId(id: string): string | undefined {
  try {
    const bytes = fromBase64(id)
    return bytes.length === 0 ? undefined : encodeBase64(bytes)
  } catch {
    return undefined
  }
}

/** A stored credential id (base64) as the browser spells it (base64url). */
export function browserCredentialId(stored: string): string {
  return encodeBase64url(fromBase64(stored))
}
