import { hkdfSync } from "node:crypto"
import { base64url, calculateJwkThumbprint } from "jose"
import { afterEach, describe, expect, it, vi } from "vitest"
import { deriveEncryptionKey } from "./keys.js"

afterEach(() => {
  vi.restoreAllMocks()
})

function referenceKey(secret: string, salt: string, length: number): Uint8Array {
  const info = `Auth.js Generated Encryption Key (${salt})`
  return new Uint8Array(hkdfSync("sha256", secret, salt, info, length))
}

describe("deriveEncryptionKey", () => {
  it("derives a 64-byte key for A256CBC-HS512 with a SHA-512 thumbprint", async () => {
    const { key, kid } = await deriveEncryptionKey(
      "secret",
      "authjs.session-token",
      "A256CBC-HS512",
    )
    expect(key).toEqual(referenceKey("secret", "authjs.session-token", 64))
    expect(kid).toBe(
      await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, "sha512"),
    )
    expect(kid).toHaveLength(86)
  })

  it("derives a 32-byte key for A256GCM with a SHA-256 thumbprint", async () => {
    const { key, kid } = await deriveEncryptionKey("secret", "authjs.session-token", "A256GCM")
    expect(key).toEqual(referenceKey("secret", "authjs.session-token", 32))
    expect(kid).toBe(
      await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, "sha256"),
    )
    expect(kid).toHaveLength(43)
  })

  it("derives different keys for different salts and secrets", async () => {
    const a = await deriveEncryptionKey("s1", "authjs.session-token", "A256CBC-HS512")
    const b = await deriveEncryptionKey("s1", "__Secure-authjs.session-token", "A256CBC-HS512")
    const c = await deriveEncryptionKey("s2", "authjs.session-token", "A256CBC-HS512")
    expect(new Set([a.kid, b.kid, c.kid]).size).toBe(3)
  })

  it("handles non-ASCII secrets and salts as UTF-8", async () => {
    const { key } = await deriveEncryptionKey("sécret🔑", "sälz", "A256CBC-HS512")
    expect(key).toEqual(referenceKey("sécret🔑", "sälz", 64))
  })

  it("derives a key once per secret, salt and algorithm", async () => {
    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits")
    const [a, b] = await Promise.all([
      deriveEncryptionKey("cache-once", "salt", "A256CBC-HS512"),
      deriveEncryptionKey("cache-once", "salt", "A256CBC-HS512"),
    ])
    await deriveEncryptionKey("cache-once", "salt", "A256CBC-HS512")
    expect(deriveBits).toHaveBeenCalledTimes(1)
    expect(a).toEqual(b)
    await deriveEncryptionKey("cache-once", "salt", "A256GCM")
    expect(deriveBits).toHaveBeenCalledTimes(2)
  })

  it("does not let a caller alter the cached key", async () => {
    const first = await deriveEncryptionKey("cache-copy", "salt", "A256GCM")
    first.key.fill(0)
    const second = await deriveEncryptionKey("cache-copy", "salt", "A256GCM")
    expect(second.key).toEqual(referenceKey("cache-copy", "salt", 32))
  })

  it("keeps the cache separate for parts that concatenate alike", async () => {
    const a = await deriveEncryptionKey("ab", "c", "A256GCM")
    const b = await deriveEncryptionKey("a", "bc", "A256GCM")
    expect(a.kid).not.toBe(b.kid)
  })

  it("does not keep a failed derivation in the cache", async () => {
    const deriveBits = vi
      .spyOn(crypto.subtle, "deriveBits")
      .mockRejectedValueOnce(new Error("transient failure"))
    await expect(deriveEncryptionKey("cache-fail", "salt", "A256GCM")).rejects.toThrow(
      "transient failure",
    )
    const { key } = await deriveEncryptionKey("cache-fail", "salt", "A256GCM")
    expect(key).toEqual(referenceKey("cache-fail", "salt", 32))
    expect(deriveBits).toHaveBeenCalledTimes(2)
  })

  it("evicts the oldest entry beyond 64 keys", async () => {
    await deriveEncryptionKey("evict-0", "salt", "A256GCM")
    for (let i = 1; i <= 64; i++) await deriveEncryptionKey(`evict-${i}`, "salt", "A256GCM")
    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits")
    await deriveEncryptionKey("evict-64", "salt", "A256GCM")
    expect(deriveBits).toHaveBeenCalledTimes(0)
    await deriveEncryptionKey("evict-0", "salt", "A256GCM")
    expect(deriveBits).toHaveBeenCalledTimes(1)
  })

  it("rejects an empty secret, a missing salt and an unknown algorithm with a TypeError", async () => {
    await expect(deriveEncryptionKey("", "salt", "A256GCM")).rejects.toThrow(TypeError)
    await expect(deriveEncryptionKey("secret", "", "A256GCM")).rejects.toThrow(/pass `salt`/)
    const missing = undefined as unknown as string
    await expect(deriveEncryptionKey("secret", missing, "A256GCM")).rejects.toThrow(TypeError)
    const enc = "A128GCM" as "A256GCM"
    await expect(deriveEncryptionKey("secret", "salt", enc)).rejects.toThrow(
      /Unsupported JWT Content Encryption Algorithm/,
    )
  })
})
