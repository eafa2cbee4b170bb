/**
 * The primitives of CSRF and e-mail verification tokens, of database session ids, and of the
 * Redis store's script names, on `node:crypto`, chosen by the `"node"`
 * condition of the `#crypto` import: the same values as the WebCrypto build (`crypto.ts`), made
 * synchronously, without a thread-pool round trip per HMAC.
 *
 * @see https://www.rfc-editor.org/rfc/rfc2104 HMAC
 */
import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomFillSync,
} from "node:crypto"

const keys = new Map<string, KeyObject>()
const MAX_CACHED_KEYS = 32

/** Random bytes are drawn 4 KiB at a time; a CSRF token takes 32 of them. */
const RANDOM_POOL_SIZE = 4096
const randomPool = Buffer.alloc(RANDOM_POOL_SIZE)
let randomOffset = RANDOM_POOL_SIZE

function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret)
  if (!key) {
    const bytes = Buffer.from(secret, "utf8")
    // As WebCrypto's `importKey` refuses it, so that both builds fail alike.
    if (bytes.length === 0) throw new DOMException("Zero-length key is not supported", "DataError")
    if (keys.size >= MAX_CACHED_KEYS) keys.delete(keys.keys().next().value!)
    key = createSecretKey(bytes)
    keys.set(secret, key)
  }
  return key
}

/**
 * HMAC-SHA256 of `message` keyed with the UTF-8 bytes of `secret`, as lowercase hex. The key is
 * prepared once per secret.
 *
 * @throws {DOMException} `DataError` when `secret` is empty
 */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  return createHmac("sha256", hmacKey(secret)).update(message, "utf8").digest("hex")
}

/** `bytes` random bytes from the CSPRNG, as lowercase hex, drawn from a pooled buffer. */
export function randomHex(bytes: number): string {
  if (bytes > RANDOM_POOL_SIZE) return randomFillSync(Buffer.alloc(bytes)).toString("hex")
  if (randomOffset + bytes > RANDOM_POOL_SIZE) {
    randomFillSync(randomPool)
    randomOffset = 0
  }
  const hex = randomPool.toString("hex", randomOffset, randomOffset + bytes)
  randomOffset += bytes
  return hex
}

/** SHA-256 of the UTF-8 bytes of `text`, as unpadded base64url. */
export async function sha256Base64url(text: string): Promise<string> {
  return createHash("sha256").update(text, "utf8").digest("base64url")
}

/** SHA-1 of the UTF-8 bytes of `text`, as lowercase hex: the name Redis keeps a script by. */
export async function sha1Hex(text: string): Promise<string> {
  return createHash("sha1").update(text, "utf8").digest("hex")
}
