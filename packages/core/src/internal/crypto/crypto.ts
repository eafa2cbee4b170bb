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

/** HMAC-SHA256 of `message` keyed with `secret`, as lowercase hex. The key is imported once. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message)),
  )
  let hex = ""
  for (const byte of mac) hex += byte.toString(16).padStart(2, "0")
  return hex
}

/**
 * Compares two strings in time that depends only on their lengths, not on where they differ.
 * Used for every secret-derived comparison (CSRF tokens, MACs).
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  let difference = left.length ^ right.length
  const length = Math.max(left.length, right.length)
  for (let i = 0; i < length; i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0)
  return difference === 0
}
