/**
 * The primitives of CSRF and e-mail verification tokens, of database session ids, and of the
 * Redis store's script names, on WebCrypto, for every runtime (the
 * default of the `#crypto` import; Node gets `crypto.node.ts`): random hex tokens and
 * HMAC-SHA256. Both builds return the same values for the same input.
 *
 * @see https://www.rfc-editor.org/rfc/rfc2104 HMAC
 */

const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()
const MAX_CACHED_KEYS = 32

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    if (keys.size >= MAX_CACHED_KEYS) keys.delete(keys.keys().next().value!)
    key = crypto.subtle.importKey(
      "raw",
      encoder.encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    )
    keys.set(secret, key)
  }
  return key
}

/**
 * HMAC-SHA256 of `message` keyed with the UTF-8 bytes of `secret`, as lowercase hex. The key is
 * imported once per secret.
 *
 * @throws {DOMException} `DataError` when `secret` is empty
 */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message)),
  )
  return toHex(mac)
}

/** `bytes` random bytes from the runtime's CSPRNG, as lowercase hex. */
export function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)))
}

function toHex(bytes: Uint8Array): string {
  let hex = ""
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0")
  return hex
}

/** SHA-256 of the UTF-8 bytes of `text`, as unpadded base64url. */
export async function sha256Base64url(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)))
  let binary = ""
  for (const byte of digest) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

/** SHA-1 of the UTF-8 bytes of `text`, as lowercase hex: the name Redis keeps a script by. */
export async function sha1Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-1", encoder.encode(text))))
}
