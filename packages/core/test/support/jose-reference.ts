/**
 * The references the session-token builds are checked against: Auth.js's `decode` as published
 * (0.41.3, on `jose`), and `jose`'s `jwtDecrypt` with the stricter options our decode applies
 * (`exp` required; `A256GCM` only when allowed). Keys are derived here with `node:crypto`, apart
 * from the code under test.
 */
import { hkdfSync } from "node:crypto"
import { decode as authjsDecode } from "authjs-core/jwt"
import { base64url, calculateJwkThumbprint, jwtDecrypt } from "jose"

/** What decoding gave: the claims, or the error's name, code and message. */
export type Outcome = { ok: unknown } | { error: { name: string; code: unknown; message: string } }

/** Runs a decode and records its outcome. */
export async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: await run() }
  } catch (error) {
    const { name, code, message } = error as Error & { code?: unknown }
    return { error: { name, code, message } }
  }
}

const KEY_LENGTH = { "A256CBC-HS512": 64, A256GCM: 32 } as const

/** The key and `kid` Auth.js derives for a secret, salt and `enc` (HKDF-SHA256, RFC 7638). */
export async function derivedKey(
  secret: string,
  salt: string,
  enc: keyof typeof KEY_LENGTH,
): Promise<{ key: Uint8Array; kid: string }> {
  const info = `Auth.js Generated Encryption Key (${salt})`
  const key = new Uint8Array(hkdfSync("sha256", secret, salt, info, KEY_LENGTH[enc]))
  const kid = await calculateJwkThumbprint(
    { kty: "oct", k: base64url.encode(key) },
    key.length === 64 ? "sha512" : "sha256",
  )
  return { key, kid }
}

/** How Auth.js 0.41.3 decodes a token. */
export function authjsOutcome(token: string, secrets: string[], salt: string): Promise<Outcome> {
  return outcome(() => authjsDecode({ token, secret: secrets, salt }))
}

/**
 * How `jose` decodes a token with Auth.js's key lookup and our stricter options: `exp` required,
 * `enc` only `A256CBC-HS512` (plus `A256GCM` with `allowA256GCM`), 15 seconds of tolerance.
 */
export function strictJoseOutcome(
  token: string,
  secrets: string[],
  salt: string,
  options: { allowA256GCM?: boolean } = {},
): Promise<Outcome> {
  return outcome(async () => {
    const { payload } = await jwtDecrypt(
      token,
      async ({ kid, enc }) => {
        for (const secret of secrets) {
          const derived = await derivedKey(secret, salt, enc as keyof typeof KEY_LENGTH)
          if (kid === undefined || kid === derived.kid) return derived.key
        }
        throw new Error("no matching decryption secret")
      },
      {
        clockTolerance: 15,
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: options.allowA256GCM
          ? ["A256CBC-HS512", "A256GCM"]
          : ["A256CBC-HS512"],
        requiredClaims: ["exp"],
      },
    )
    return payload
  })
}

const CANONICAL = /^[A-Za-z0-9_-]*$/
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/**
 * Whether every part of a compact token is canonical unpadded base64url, written here from the
 * RFC rather than imported: the alphabet only, no length of 1 mod 4, no bits after the last byte.
 */
export function hasCanonicalParts(token: string): boolean {
  return token.split(".").every((part) => {
    if (!CANONICAL.test(part) || part.length % 4 === 1) return false
    const spare = { 0: 0, 2: 4, 3: 2 }[(part.length % 4) as 0 | 2 | 3]
    return spare === 0 || ALPHABET.indexOf(part.at(-1)!) % 2 ** spare === 0
  })
}
