import { base64url, calculateJwkThumbprint } from "jose"

/** The content encryption algorithms a session token may use. */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM"

/** A key derived from a secret, and its `kid`. */
export interface DerivedKey {
  /** The raw content encryption key. */
  key: Uint8Array
  /** RFC 7638 thumbprint of the key as an `oct` JWK, as Auth.js puts it in the `kid` header. */
  kid: string
}

/** Key lengths in bytes: CBC-HS512 takes a 256-bit MAC key plus a 256-bit AES key. */
const KEY_LENGTH: Record<ContentEncryption, number> = { "A256CBC-HS512": 64, A256GCM: 32 }

/** At most this many derived keys are kept; a config uses a few, rotation a few more. */
const CACHE_SIZE = 64

const cache = new Map<string, Promise<DerivedKey>>()

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
export function deriveEncryptionKey(
  secret: string,
  salt: string,
  enc: ContentEncryption,
): Promise<DerivedKey> {
  if (typeof secret !== "string" || secret === "") {
    return Promise.reject(
      new TypeError("The JWT secret is empty: pass `secret` (for example the AUTH_SECRET value)."),
    )
  }
  if (typeof salt !== "string" || salt === "") {
    return Promise.reject(
      new TypeError("The JWT salt is missing: pass `salt` (for session tokens, the cookie name)."),
    )
  }
  if (!Object.hasOwn(KEY_LENGTH, enc)) {
    return Promise.reject(
      new TypeError(
        `Unsupported JWT Content Encryption Algorithm: use "A256CBC-HS512" or "A256GCM".`,
      ),
    )
  }

  // JSON keeps the parts apart whatever characters they contain.
  const cacheKey = JSON.stringify([secret, salt, enc])
  let derived = cache.get(cacheKey)
  if (!derived) {
    const pending = derive(secret, salt, KEY_LENGTH[enc])
    cache.set(cacheKey, pending)
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
    pending.catch(() => {
      if (cache.get(cacheKey) === pending) cache.delete(cacheKey)
    })
    derived = pending
  }
  // A copy, so no caller can alter the cached key.
  return derived.then(({ key, kid }) => ({ key: key.slice(), kid }))
}

async function derive(secret: string, salt: string, length: number): Promise<DerivedKey> {
  const encoder = new TextEncoder()
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveBits",
  ])
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode(salt),
      info: encoder.encode(`Auth.js Generated Encryption Key (${salt})`),
    },
    material,
    length * 8,
  )
  const key = new Uint8Array(bits)
  const kid = await calculateJwkThumbprint(
    { kty: "oct", k: base64url.encode(key) },
    length === 64 ? "sha512" : "sha256",
  )
  return { key, kid }
}
