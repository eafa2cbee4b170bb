import {
  decode as theirDecode,
  encode as theirEncode,
  getToken as theirGetToken,
} from "authjs-core/jwt"
import { errors } from "jose"
import { describe, expect, it } from "vitest"
import { writeChunkedCookie } from "./internal/cookies/chunks.js"
import { decode, encode, getToken } from "./jwt.js"

const SALTS = ["authjs.session-token", "__Secure-authjs.session-token"] as const

function tamper(token: string): string {
  const parts = token.split(".")
  const ciphertext = parts[3]!
  const middle = Math.floor(ciphertext.length / 2)
  parts[3] =
    ciphertext.slice(0, middle) +
    (ciphertext[middle] === "A" ? "B" : "A") +
    ciphertext.slice(middle + 1)
  return parts.join(".")
}

describe.each(SALTS)("session tokens under the salt %s", (salt) => {
  const payload = { name: "Ada", email: "ada@example.com", picture: null, sub: "u1", role: "admin" }

  it("decodes a token Auth.js minted", async () => {
    const token = await theirEncode({ token: payload, secret: "s3cret", salt })
    const claims = await decode({ token, secret: "s3cret", salt })
    expect(claims).toMatchObject(payload)
    expect(claims).toEqual(await theirDecode({ token, secret: "s3cret", salt }))
  })

  it("mints a token Auth.js decodes", async () => {
    const token = await encode({ token: payload, secret: "s3cret", salt, maxAge: 3600 })
    const claims = await theirDecode({ token, secret: "s3cret", salt })
    expect(claims).toMatchObject(payload)
    expect(claims!.exp! - claims!.iat!).toBe(3600)
  })

  it("writes the same protected header as Auth.js", async () => {
    const ours = await encode({ secret: ["a", "b"], salt })
    const theirs = await theirEncode({ secret: ["a", "b"], salt })
    expect(ours.split(".")[0]).toBe(theirs.split(".")[0])
  })

  it("decodes an Auth.js token made under a rotated-out secret", async () => {
    const token = await theirEncode({ token: payload, secret: ["old", "older"], salt })
    await expect(decode({ token, secret: ["new", "old"], salt })).resolves.toMatchObject(payload)
  })

  it("mints with the first secret, so Auth.js decodes it during a rotation", async () => {
    const token = await encode({ token: payload, secret: ["new", "old"], salt })
    await expect(theirDecode({ token, secret: ["newer", "new"], salt })).resolves.toMatchObject(
      payload,
    )
    await expect(theirDecode({ token, secret: ["old"], salt })).rejects.toThrow(
      "no matching decryption secret",
    )
  })

  it("rejects a tampered Auth.js token", async () => {
    const token = await theirEncode({ token: payload, secret: "s3cret", salt })
    await expect(decode({ token: tamper(token), secret: "s3cret", salt })).rejects.toThrow(
      errors.JWEDecryptionFailed,
    )
  })

  it("rejects an Auth.js token expired beyond the 15 seconds of tolerance", async () => {
    const expired = await theirEncode({ token: payload, secret: "s3cret", salt, maxAge: -20 })
    await expect(decode({ token: expired, secret: "s3cret", salt })).rejects.toThrow(
      errors.JWTExpired,
    )
    const skewed = await theirEncode({ token: payload, secret: "s3cret", salt, maxAge: -10 })
    await expect(decode({ token: skewed, secret: "s3cret", salt })).resolves.toMatchObject(payload)
  })

  it("rejects an Auth.js token under the other salt", async () => {
    const other = SALTS.find((candidate) => candidate !== salt)!
    const token = await theirEncode({ token: payload, secret: "s3cret", salt: other })
    await expect(decode({ token, secret: "s3cret", salt })).rejects.toThrow(
      "no matching decryption secret",
    )
  })

  it("reads chunked cookies both ways with getToken", async () => {
    const secureCookie = salt.startsWith("__Secure-")
    const big = { ...payload, blob: "b".repeat(10_000) }
    const theirToken = await theirEncode({ token: big, secret: "s3cret", salt })
    const cookie = writeChunkedCookie(salt, theirToken, {}, [])
      .map(({ name, value }) => `${name}=${value}`)
      .join("; ")
    expect(cookie).toContain(`${salt}.2=`)
    const req = new Request("https://app.test", { headers: { cookie } })
    await expect(getToken({ req, secret: "s3cret", secureCookie })).resolves.toMatchObject(payload)
    await expect(theirGetToken({ req, secret: "s3cret", secureCookie })).resolves.toMatchObject(
      payload,
    )
  })

  it("reads a Bearer token minted by Auth.js with getToken", async () => {
    const secureCookie = salt.startsWith("__Secure-")
    const token = await theirEncode({ token: payload, secret: "s3cret", salt })
    const req = new Request("https://app.test", { headers: { authorization: `Bearer ${token}` } })
    await expect(getToken({ req, secret: "s3cret", secureCookie })).resolves.toMatchObject(payload)
  })
})
