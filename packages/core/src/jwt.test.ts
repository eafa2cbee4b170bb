import { CompactEncrypt, decodeProtectedHeader, EncryptJWT, errors } from "jose"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { MissingSecret } from "./errors.js"
import { writeChunkedCookie } from "./internal/cookies/chunks.js"
import { deriveEncryptionKey } from "./internal/jwt/keys.js"
import { decode, encode, getToken } from "./jwt.js"

const salt = "authjs.session-token"
const secret = "test-secret"
const NOW = new Date(Date.UTC(2026, 0, 1, 12, 0, 0))
const nowSeconds = NOW.getTime() / 1000

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  vi.useRealTimers()
})

function tamper(token: string): string {
  const parts = token.split(".")
  const ciphertext = parts[3]!
  const middle = Math.floor(ciphertext.length / 2)
  const flipped = ciphertext[middle] === "A" ? "B" : "A"
  parts[3] = ciphertext.slice(0, middle) + flipped + ciphertext.slice(middle + 1)
  return parts.join(".")
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/** The same bytes, spelled with a set bit after the last byte (a 32-byte tag has 2 spare bits). */
function withSpareBitSet(segment: string): string {
  const last = ALPHABET.indexOf(segment.at(-1)!)
  return segment.slice(0, -1) + ALPHABET[last | 1]
}

describe("encode", () => {
  it("writes a dir + A256CBC-HS512 JWE whose kid names the derived key", async () => {
    const token = await encode({ token: { sub: "42" }, secret, salt })
    expect(token.split(".")).toHaveLength(5)
    expect(token.split(".")[1]).toBe("")
    const { kid } = await deriveEncryptionKey(secret, salt, "A256CBC-HS512")
    const header = decodeProtectedHeader(token)
    expect(header).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid })
    expect(Object.keys(header)).toEqual(["alg", "enc", "kid"])
  })

  it("sets iat, exp (30 days by default) and jti, overwriting given values", async () => {
    const token = await encode({
      token: { sub: "42", iat: 1, exp: 2, jti: "mine", gone: undefined },
      secret,
      salt,
    })
    const claims = await decode({ token, secret, salt })
    expect(claims).toEqual({
      sub: "42",
      iat: nowSeconds,
      exp: nowSeconds + 2_592_000,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(claims?.jti).not.toBe("mine")
  })

  it("honours maxAge, including 0", async () => {
    const short = await decode({ token: await encode({ secret, salt, maxAge: 60 }), secret, salt })
    expect(short?.exp).toBe(nowSeconds + 60)
    const zero = await decode({ token: await encode({ secret, salt, maxAge: 0 }), secret, salt })
    expect(zero?.exp).toBe(zero?.iat)
  })

  it("gives every token a fresh jti", async () => {
    const a = await decode({ token: await encode({ secret, salt }), secret, salt })
    const b = await decode({ token: await encode({ secret, salt }), secret, salt })
    expect(a?.jti).not.toBe(b?.jti)
  })

  it("encrypts with the first secret of a list", async () => {
    const token = await encode({ secret: ["new", "old"], salt })
    expect(decodeProtectedHeader(token).kid).toBe(
      (await deriveEncryptionKey("new", salt, "A256CBC-HS512")).kid,
    )
    await expect(decode({ token, secret: "new", salt })).resolves.toBeTruthy()
  })

  it("throws a TypeError that names what to pass", async () => {
    const missingSalt = undefined as unknown as string
    await expect(encode({ secret, salt: missingSalt })).rejects.toThrow(/pass `salt`/)
    await expect(encode({ secret, salt: "" })).rejects.toThrow(TypeError)
    await expect(encode({ secret: [], salt })).rejects.toThrow(/pass `secret`/)
    await expect(encode({ secret: "", salt })).rejects.toThrow(TypeError)
    await expect(encode({ secret, salt, maxAge: Number.NaN })).rejects.toThrow(TypeError)
    const notObject = "text" as unknown as Record<string, unknown>
    await expect(encode({ token: notObject, secret, salt })).rejects.toThrow(TypeError)
  })
})

describe("decode", () => {
  it("returns null for an empty token", async () => {
    await expect(decode({ token: "", secret, salt })).resolves.toBeNull()
    await expect(decode({ token: undefined, secret, salt })).resolves.toBeNull()
  })

  it("throws a TypeError for a missing salt", async () => {
    const token = await encode({ secret, salt })
    const missing = undefined as unknown as string
    await expect(decode({ token, secret, salt: missing })).rejects.toThrow(/pass `salt`/)
  })

  it("decodes with a rotated-out secret that is still in the list", async () => {
    const token = await encode({ token: { sub: "1" }, secret: "old", salt })
    const claims = await decode({ token, secret: ["new", "old"], salt })
    expect(claims?.sub).toBe("1")
  })

  it("throws when no secret matches the kid", async () => {
    const token = await encode({ secret: "old", salt })
    await expect(decode({ token, secret: ["new", "newer"], salt })).rejects.toThrow(
      "no matching decryption secret",
    )
  })

  it("tries only the first secret for a token without kid", async () => {
    const { key } = await deriveEncryptionKey("old", salt, "A256CBC-HS512")
    const exp = nowSeconds + 60
    const token = await new EncryptJWT({ sub: "1", exp })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .encrypt(key)
    await expect(decode({ token, secret: ["old", "new"], salt })).resolves.toEqual({
      sub: "1",
      exp,
    })
    await expect(decode({ token, secret: ["new", "old"], salt })).rejects.toThrow(
      errors.JWEDecryptionFailed,
    )
  })

  it("refuses A256GCM tokens unless allowA256GCM is set, then accepts them with and without kid", async () => {
    const { key, kid } = await deriveEncryptionKey(secret, salt, "A256GCM")
    const claims = { sub: "gcm", exp: nowSeconds + 60 }
    const withKid = await new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid })
      .encrypt(key)
    const withoutKid = await new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .encrypt(key)
    for (const token of [withKid, withoutKid]) {
      await expect(decode({ token, secret, salt })).rejects.toThrow(errors.JOSEAlgNotAllowed)
    }
    await expect(
      decode({ token: withKid, secret: ["other", secret], salt, allowA256GCM: true }),
    ).resolves.toEqual(claims)
    await expect(decode({ token: withoutKid, secret, salt, allowA256GCM: true })).resolves.toEqual(
      claims,
    )
  })

  it("refuses a token without exp, which would never expire", async () => {
    const { key, kid } = await deriveEncryptionKey(secret, salt, "A256CBC-HS512")
    const token = await new EncryptJWT({ sub: "forever" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
      .encrypt(key)
    const error = await decode({ token, secret, salt }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(errors.JWTClaimValidationFailed)
    expect(error).toMatchObject({ claim: "exp", reason: "missing" })
  })

  it("refuses parts that are not canonical base64url, which Auth.js accepts", async () => {
    const token = await encode({ token: { sub: "1" }, secret, salt })
    const [header, key, iv, ciphertext, tag] = token.split(".") as [string, ...string[]]
    const respelled = [
      [`${header}=`, key, iv, ciphertext, tag],
      [header, key, iv, `${ciphertext}==`, tag],
      [header, key, ` ${iv}`, ciphertext, tag],
      [header, key, iv, ciphertext, withSpareBitSet(tag!)],
    ]
    for (const parts of respelled) {
      await expect(decode({ token: parts.join("."), secret, salt })).rejects.toThrow(
        errors.JWEInvalid,
      )
    }
  })

  it("rejects other content encryption and key management algorithms", async () => {
    const key = new Uint8Array(16)
    const a128 = await new EncryptJWT({ sub: "x" })
      .setProtectedHeader({ alg: "dir", enc: "A128GCM" })
      .encrypt(key)
    await expect(decode({ token: a128, secret, salt })).rejects.toThrow(errors.JOSEAlgNotAllowed)
    const { key: kek } = await deriveEncryptionKey(secret, salt, "A256GCM")
    const wrapped = await new EncryptJWT({ sub: "x" })
      .setProtectedHeader({ alg: "A256KW", enc: "A256CBC-HS512" })
      .encrypt(kek)
    await expect(decode({ token: wrapped, secret, salt })).rejects.toThrow(errors.JOSEAlgNotAllowed)
  })

  it("rejects a payload that is not a JWT claims set", async () => {
    const { key, kid } = await deriveEncryptionKey(secret, salt, "A256CBC-HS512")
    const token = await new CompactEncrypt(new TextEncoder().encode("[1,2]"))
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid })
      .encrypt(key)
    await expect(decode({ token, secret, salt })).rejects.toThrow(errors.JWTInvalid)
  })

  it("throws on a tampered token", async () => {
    const token = await encode({ token: { sub: "1" }, secret, salt })
    await expect(decode({ token: tamper(token), secret, salt })).rejects.toThrow(
      errors.JWEDecryptionFailed,
    )
    await expect(decode({ token: "not.a.jwe", secret, salt })).rejects.toThrow()
  })

  it("allows 15 seconds of clock skew on exp", async () => {
    const token = await encode({ secret, salt, maxAge: 60 })
    vi.setSystemTime(NOW.getTime() + 74_000)
    await expect(decode({ token, secret, salt })).resolves.toBeTruthy()
    vi.setSystemTime(NOW.getTime() + 76_000)
    await expect(decode({ token, secret, salt })).rejects.toThrow(errors.JWTExpired)
  })

  it("throws for the wrong salt", async () => {
    const token = await encode({ secret, salt })
    await expect(decode({ token, secret, salt: `__Secure-${salt}` })).rejects.toThrow(
      "no matching decryption secret",
    )
  })
})

describe("getToken", () => {
  it("reads the session cookie", async () => {
    const token = await encode({ token: { sub: "cookie" }, secret, salt })
    const req = new Request("http://app.test", { headers: { cookie: `${salt}=${token}` } })
    await expect(getToken({ req, secret })).resolves.toMatchObject({ sub: "cookie" })
  })

  it("uses the __Secure- name and salt with secureCookie", async () => {
    const secureSalt = `__Secure-${salt}`
    const token = await encode({ token: { sub: "secure" }, secret, salt: secureSalt })
    const headers = new Headers({ cookie: `${salt}=junk; ${secureSalt}=${token}` })
    await expect(getToken({ req: { headers }, secret, secureCookie: true })).resolves.toMatchObject(
      {
        sub: "secure",
      },
    )
    await expect(getToken({ req: { headers }, secret })).resolves.toBeNull()
  })

  it("uses a custom cookie name as the salt", async () => {
    const token = await encode({ token: { sub: "custom" }, secret, salt: "my-session" })
    const req = { headers: { cookie: `my-session=${token}` } }
    await expect(getToken({ req, secret, cookieName: "my-session" })).resolves.toMatchObject({
      sub: "custom",
    })
  })

  it("reassembles chunked cookies", async () => {
    const token = await encode({ token: { sub: "big", blob: "x".repeat(10_000) }, secret, salt })
    const chunks = writeChunkedCookie(salt, token, {}, [])
    expect(chunks.length).toBeGreaterThan(1)
    const cookie = chunks.map((c) => `${c.name}=${c.value}`).join("; ")
    const req = new Request("http://app.test", { headers: { cookie } })
    await expect(getToken({ req, secret })).resolves.toMatchObject({ sub: "big" })
    await expect(getToken({ req, raw: true })).resolves.toBe(token)
  })

  it("ignores cookies whose names only start with the session cookie name", async () => {
    const token = await encode({ token: { sub: "real" }, secret, salt })
    const cookie = `${salt}X=garbage; ${salt}=${token}; ${salt}-evil=more`
    const req = new Request("http://app.test", { headers: { cookie } })
    await expect(getToken({ req, secret })).resolves.toMatchObject({ sub: "real" })
  })

  it("falls back to a Bearer Authorization header", async () => {
    const token = await encode({ token: { sub: "bearer" }, secret, salt })
    const req = new Request("http://app.test", { headers: { authorization: `Bearer ${token}` } })
    await expect(getToken({ req, secret })).resolves.toMatchObject({ sub: "bearer" })
    await expect(getToken({ req, raw: true })).resolves.toBe(token)
  })

  it("prefers the cookie over the Authorization header", async () => {
    const fromCookie = await encode({ token: { sub: "cookie" }, secret, salt })
    const fromHeader = await encode({ token: { sub: "header" }, secret, salt })
    const headers = { cookie: `${salt}=${fromCookie}`, authorization: `Bearer ${fromHeader}` }
    await expect(getToken({ req: { headers }, secret })).resolves.toMatchObject({ sub: "cookie" })
  })

  it("returns null for other schemes, an empty Bearer or malformed percent-encoding", async () => {
    for (const authorization of ["Basic abc", "bearer abc", "Bearer", "Bearer %E0%A4%A"]) {
      const req = { headers: { authorization } }
      await expect(getToken({ req, secret, raw: true })).resolves.toBeNull()
    }
  })

  it("reads plain-object headers case-insensitively, like Node's", async () => {
    const token = await encode({ token: { sub: "node" }, secret, salt })
    const req = { headers: { Cookie: [`${salt}=${token}`, "other=1"] } }
    const headers = req.headers as unknown as Record<string, string>
    await expect(getToken({ req: { headers }, secret })).resolves.toMatchObject({ sub: "node" })
  })

  it("returns null without a token, even without a secret", async () => {
    await expect(getToken({ req: new Request("http://app.test") })).resolves.toBeNull()
  })

  it("throws MissingSecret when a token must be decrypted", async () => {
    const req = { headers: { cookie: `${salt}=something` } }
    await expect(getToken({ req })).rejects.toBeInstanceOf(MissingSecret)
    await expect(getToken({ req, secret: [] })).rejects.toBeInstanceOf(MissingSecret)
  })

  it("throws when req is missing", async () => {
    const params = {} as Parameters<typeof getToken>[0]
    await expect(getToken(params)).rejects.toThrow(/Must pass `req`/)
  })

  it("returns null and tells the logger when decoding fails, without the token or its claims", async () => {
    const token = await encode({ secret: "other", salt })
    const logger = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const req = { headers: { cookie: `${salt}=${token}` } }
    await expect(getToken({ req, secret, logger })).resolves.toBeNull()
    expect(logger.debug).toHaveBeenCalledOnce()
    expect(logger.debug.mock.calls[0]![1]).toEqual({ name: "Error" })
    const expired = await encode({
      token: { sub: "claims", access: "at-secret" },
      secret,
      salt,
      maxAge: -60,
    })
    const expiredReq = { headers: { cookie: `${salt}=${expired}` } }
    await expect(getToken({ req: expiredReq, secret, logger })).resolves.toBeNull()
    expect(logger.debug.mock.calls[1]![1]).toEqual({ name: "JWTExpired", code: "ERR_JWT_EXPIRED" })
    await expect(getToken({ req, secret: "other" })).resolves.toBeTruthy()
  })

  it("uses a custom decode with the token, secret and salt", async () => {
    const decodeToken = vi.fn(async () => ({ sub: "custom" }))
    const req = { headers: { cookie: `${salt}=opaque` } }
    await expect(getToken({ req, secret, decode: decodeToken })).resolves.toEqual({ sub: "custom" })
    expect(decodeToken).toHaveBeenCalledWith({ token: "opaque", secret, salt, allowA256GCM: false })
  })
})
