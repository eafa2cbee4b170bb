import { decode as theirDecode, encode as theirEncode } from "authjs-core/jwt"
import { base64url, CompactEncrypt, decodeProtectedHeader, EncryptJWT } from "jose"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import {
  authjsOutcome,
  hasCanonicalParts,
  type Outcome,
  outcome,
  strictJoseOutcome,
} from "../../../test/support/jose-reference.js"
import * as web from "./jwe.js"
import * as node from "./jwe.node.js"
import { deriveEncryptionKey } from "./keys.js"
import { prepareNodeKey } from "./keys.node.js"

const builds = { webcrypto: web, node } as const
type Build = typeof web
const SALT = "authjs.session-token"
const SECRET = "jwe-test-secret"
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0)
const nowSeconds = NOW / 1000
const text = new TextEncoder()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  vi.useRealTimers()
})

/**
 * What every build must give: `jose`'s outcome with our stricter options (`exp` required,
 * `A256CBC-HS512` only) for tokens whose parts are canonical base64url; for any other spelling,
 * a `JWEInvalid` (which `jose` and Auth.js do not always give).
 */
async function reference(token: string, secrets: string[] = [SECRET]): Promise<Outcome> {
  if (token.split(".").length !== 5 || hasCanonicalParts(token)) {
    return strictJoseOutcome(token, secrets, SALT)
  }
  return { error: expect.objectContaining({ name: "JWEInvalid", code: "ERR_JWE_INVALID" }) }
}

function claimsFor(seconds = nowSeconds) {
  return { sub: "42", name: "Ada", iat: seconds, exp: seconds + 60, jti: "j" }
}

async function cbcKey(secret = SECRET) {
  return deriveEncryptionKey(secret, SALT, "A256CBC-HS512")
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

/** The same bytes with a spare bit set after the last one: a non-canonical spelling. */
function respellLastCharacter(segment: string): string {
  const last = ALPHABET.indexOf(segment.at(-1)!)
  return segment.slice(0, -1) + ALPHABET[last | 1]
}

/** A token whose protected header is replaced (its tag no longer matches, which is the point). */
function withHeader(token: string, header: unknown): string {
  const parts = token.split(".")
  parts[0] = base64url.encode(JSON.stringify(header))
  return parts.join(".")
}

function withPart(token: string, index: number, value: string): string {
  const parts = token.split(".")
  parts[index] = value
  return parts.join(".")
}

/** A token made by jose with any header and plaintext bytes, under the derived key. */
async function joseToken(plaintext: Uint8Array | string, header: Record<string, unknown> = {}) {
  const { key, kid } = await cbcKey()
  const bytes = typeof plaintext === "string" ? text.encode(plaintext) : plaintext
  return new CompactEncrypt(bytes)
    .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid, ...header })
    .encrypt(key)
}

describe.each(Object.entries(builds))("the %s build", (name, build: Build) => {
  const other = name === "node" ? web : node

  it("writes dir + A256CBC-HS512 with Auth.js's header, decoded by Auth.js and the other build", async () => {
    const token = await build.encryptClaims(claimsFor(), SECRET, SALT)
    const parts = token.split(".")
    expect(parts).toHaveLength(5)
    expect(parts[1]).toBe("")
    expect(base64url.decode(parts[2]!)).toHaveLength(16)
    expect(base64url.decode(parts[4]!)).toHaveLength(32)
    const theirs = await theirEncode({ token: {}, secret: SECRET, salt: SALT })
    expect(parts[0]).toBe(theirs.split(".")[0])
    expect(Object.keys(decodeProtectedHeader(token))).toEqual(["alg", "enc", "kid"])
    await expect(theirDecode({ token, secret: SECRET, salt: SALT })).resolves.toEqual(claimsFor())
    await expect(other.decryptClaims(token, [SECRET], SALT)).resolves.toEqual(claimsFor())
    await expect(build.decryptClaims(token, [SECRET], SALT)).resolves.toEqual(claimsFor())
  })

  it("decodes Auth.js tokens and tokens of the other build", async () => {
    const payload = {
      name: "Ada",
      email: "ada@example.test",
      picture: null,
      sub: "u1",
      n: [1, { x: "é🔑" }],
    }
    const theirs = await theirEncode({ token: payload, secret: SECRET, salt: SALT })
    const others = await other.encryptClaims({ ...payload, exp: nowSeconds + 60 }, SECRET, SALT)
    for (const token of [theirs, others]) {
      const claims = await build.decryptClaims(token, [SECRET], SALT)
      expect(claims).toMatchObject(payload)
      expect(claims).toEqual(await theirDecode({ token, secret: SECRET, salt: SALT }))
    }
  })

  it("refuses A256GCM tokens by default, and decodes them with and without kid when allowed", async () => {
    const { key, kid } = await deriveEncryptionKey(SECRET, SALT, "A256GCM")
    const claims = { sub: "gcm", exp: nowSeconds + 60 }
    for (const header of [
      { alg: "dir", enc: "A256GCM", kid },
      { alg: "dir", enc: "A256GCM" },
    ]) {
      const token = await new EncryptJWT(claims).setProtectedHeader(header).encrypt(key)
      expect(await outcome(() => build.decryptClaims(token, [SECRET], SALT))).toEqual(
        await reference(token),
      )
      await expect(build.decryptClaims(token, [SECRET], SALT)).rejects.toThrow(
        '"enc" (Encryption Algorithm) Header Parameter value not allowed',
      )
      await expect(
        build.decryptClaims(token, [SECRET], SALT, { allowA256GCM: true }),
      ).resolves.toEqual(claims)
      expect(
        await outcome(() => build.decryptClaims(token, [SECRET], SALT, { allowA256GCM: true })),
      ).toEqual(await strictJoseOutcome(token, [SECRET], SALT, { allowA256GCM: true }))
    }
  })

  it("differs from Auth.js only where it is stricter: no exp, non-canonical parts, A256GCM", async () => {
    const valid = await build.encryptClaims(claimsFor(), SECRET, SALT)
    const [, , iv, ciphertext, tag] = valid.split(".")
    const { key: gcmKey } = await deriveEncryptionKey(SECRET, SALT, "A256GCM")
    const stricter = [
      await joseToken(JSON.stringify({ sub: "forever" })),
      withPart(valid, 3, `${ciphertext}=`),
      withPart(valid, 2, `${iv}\n`),
      withPart(valid, 4, respellLastCharacter(tag!)),
      await new EncryptJWT(claimsFor())
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .encrypt(gcmKey),
    ]
    for (const token of stricter) {
      expect(await authjsOutcome(token, [SECRET], SALT)).toEqual({ ok: expect.any(Object) })
      expect(await outcome(() => build.decryptClaims(token, [SECRET], SALT))).toEqual({
        error: expect.objectContaining({
          name: expect.stringMatching(/^(JWEInvalid|JWTClaimValidationFailed|JOSEAlgNotAllowed)$/),
        }),
      })
    }
  })

  it("matches the kid over a list of secrets, and tries only the first without a kid", async () => {
    const token = await theirEncode({ token: { sub: "old" }, secret: "old", salt: SALT })
    await expect(build.decryptClaims(token, ["new", "old"], SALT)).resolves.toMatchObject({
      sub: "old",
    })
    expect(await outcome(() => build.decryptClaims(token, ["new", "newer"], SALT))).toEqual(
      await reference(token, ["new", "newer"]),
    )
    const { key } = await cbcKey("old")
    const claims = { sub: "1", exp: nowSeconds + 60 }
    const noKid = await new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .encrypt(key)
    await expect(build.decryptClaims(noKid, ["old", "new"], SALT)).resolves.toEqual(claims)
    expect(await outcome(() => build.decryptClaims(noKid, ["new", "old"], SALT))).toEqual(
      await reference(noKid, ["new", "old"]),
    )
  })

  it("rejects tampering in every part as Auth.js and jose do", async () => {
    const token = await build.encryptClaims(claimsFor(), SECRET, SALT)
    const parts = token.split(".")
    const flip = (segment: string, at: number) =>
      segment.slice(0, at) + (segment[at] === "A" ? "B" : "A") + segment.slice(at + 1)
    const tampered = [
      withPart(token, 2, flip(parts[2]!, 3)),
      withPart(token, 3, flip(parts[3]!, Math.floor(parts[3]!.length / 2))),
      withPart(token, 3, flip(parts[3]!, parts[3]!.length - 3)),
      withPart(token, 4, flip(parts[4]!, 5)),
      withPart(token, 4, parts[4]!.slice(0, -4)),
      withHeader(token, { ...decodeProtectedHeader(token), extra: 1 }),
    ]
    for (const bad of tampered) {
      const expected = await reference(bad)
      if (hasCanonicalParts(bad)) {
        expect(expected).toMatchObject({ error: { code: "ERR_JWE_DECRYPTION_FAILED" } })
        expect(await authjsOutcome(bad, [SECRET], SALT)).toEqual(expected)
      }
      expect(await outcome(() => build.decryptClaims(bad, [SECRET], SALT))).toEqual(expected)
    }
  })

  it("rejects expiry beyond 15 seconds, a future nbf and a missing exp as jose does", async () => {
    const exp = nowSeconds + 60
    for (const claims of [
      { exp: nowSeconds - 14 },
      { exp: nowSeconds - 15 },
      { exp: nowSeconds - 16 },
      { exp, nbf: nowSeconds + 15 },
      { exp, nbf: nowSeconds + 16 },
      { exp: "soon" },
      { exp: null },
      { exp, iat: "now" },
      { exp, nbf: null },
      {},
      { nbf: nowSeconds },
    ]) {
      const token = await joseToken(JSON.stringify({ sub: "x", ...claims }))
      expect(await outcome(() => build.decryptClaims(token, [SECRET], SALT))).toEqual(
        await reference(token),
      )
    }
  })

  it("treats malformed and oddly encoded tokens as jose does, and refuses non-canonical ones", async () => {
    const token = await build.encryptClaims(claimsFor(), SECRET, SALT)
    const header = decodeProtectedHeader(token)
    const [, , iv, ciphertext, tag] = token.split(".")
    const malformed = [
      "a.b.c",
      "a.b.c.d.e.f",
      "....",
      `e30.${token.split(".").slice(1).join(".")}`,
      withPart(token, 0, "bm90IGpzb24"),
      withPart(token, 0, base64url.encode("[1]")),
      withPart(token, 0, "!!!!"),
      withHeader(token, { ...header, alg: undefined }),
      withHeader(token, { ...header, enc: undefined }),
      withHeader(token, { ...header, alg: "RSA-OAEP" }),
      withHeader(token, { ...header, alg: "A256KW" }),
      withHeader(token, { ...header, enc: "A128GCM" }),
      withHeader(token, { ...header, enc: 5 }),
      withHeader(token, { ...header, crit: ["exp"] }),
      withHeader(token, { ...header, crit: [] }),
      withHeader(token, { ...header, zip: "GZIP" }),
      withPart(token, 1, "AAAA"),
      withPart(token, 1, "!"),
      withPart(token, 2, ""),
      withPart(token, 4, ""),
      withPart(token, 2, `${iv}AAAA`),
      withPart(token, 2, "A"),
      withPart(token, 3, `${ciphertext}=`),
      withPart(token, 3, "a+b/"),
      withPart(token, 3, ""),
      withPart(token, 4, `${tag}A`),
    ]
    for (const odd of malformed) {
      const expected = await reference(odd)
      expect(await outcome(() => build.decryptClaims(odd, [SECRET], SALT)), odd).toEqual(expected)
    }
  })

  it("checks the plaintext and the replicated claims as jose does", async () => {
    const exp = nowSeconds + 60
    const cases = [
      await joseToken("[1,2]"),
      await joseToken("null"),
      await joseToken("not json"),
      await joseToken(new Uint8Array([0x7b, 0xff, 0x7d])),
      await joseToken(
        new Uint8Array([0xef, 0xbb, 0xbf, ...text.encode(`{"sub":"bom","exp":${exp}}`)]),
      ),
      await joseToken(JSON.stringify({ sub: "a", exp }), { sub: "b" }),
      await joseToken(JSON.stringify({ sub: "a", exp }), { sub: "a" }),
      await joseToken(JSON.stringify({ aud: ["x"], exp }), { aud: ["x"] }),
      await joseToken(JSON.stringify({ iss: "x", exp }), { iss: "y" }),
      await joseToken(JSON.stringify({ sub: "zipped", blob: "z".repeat(2000), exp }), {
        zip: "DEF",
      }),
      await joseToken(JSON.stringify({ blob: "z".repeat(300_000), exp }), { zip: "DEF" }),
    ]
    for (const token of cases) {
      expect(await outcome(() => build.decryptClaims(token, [SECRET], SALT))).toEqual(
        await reference(token),
      )
    }
  })

  it("serializes claims as jose does: cloned first, with a finite nbf", async () => {
    const date = new Date(NOW)
    const token = await build.encryptClaims({ at: date, gone: undefined }, SECRET, SALT)
    await expect(theirDecode({ token, secret: SECRET, salt: SALT })).resolves.toEqual({
      at: date.toISOString(),
    })
    await expect(build.encryptClaims({ f: () => 1 }, SECRET, SALT)).rejects.toThrow()
    await expect(
      build.encryptClaims({ nbf: Number.POSITIVE_INFINITY }, SECRET, SALT),
    ).rejects.toThrow('"nbf" claim must be a finite number')
  })

  it("writes the claims Auth.js writes, for unusual values too", async () => {
    class Money {
      constructor(readonly cents: number) {}
      toJSON() {
        return `${this.cents / 100} EUR`
      }
    }
    const hidden = { a: 1 }
    Object.defineProperty(hidden, "toJSON", { value: () => "hidden", enumerable: false })
    const withGetter = {
      get computed() {
        return 7
      },
    }
    const bare = Object.assign(Object.create(null), { x: 1 })
    const sparse = [1, 2, 3]
    delete sparse[1]
    const payloads = [
      { price: new Money(250) },
      { hidden },
      { withGetter },
      { bare, sparse, nested: [{ deep: [[["z"]]] }], n: -0, nan: Number.NaN },
      { [Symbol("s")]: 1, kept: true },
    ]
    for (const payload of payloads) {
      const ours = await build.encryptClaims(payload, SECRET, SALT)
      const theirs = await theirEncode({ token: payload, secret: SECRET, salt: SALT })
      const strip = ({ iat, exp, jti, ...rest }: Record<string, unknown>) => rest
      const decoded = await theirDecode({ token: ours, secret: SECRET, salt: SALT })
      const reference = await theirDecode({ token: theirs, secret: SECRET, salt: SALT })
      expect(decoded).toEqual(strip(reference!))
    }
  })

  it("rejects a missing secret or salt with a TypeError", async () => {
    await expect(build.encryptClaims({}, "", SALT)).rejects.toThrow(/pass `secret`/)
    await expect(build.encryptClaims({}, SECRET, "")).rejects.toThrow(/pass `salt`/)
    const token = await build.encryptClaims({}, SECRET, SALT)
    await expect(build.decryptClaims(token, [""], SALT)).rejects.toThrow(TypeError)
  })
})

describe("the node:crypto keys", () => {
  it("are the WebCrypto keys, with the same kid", async () => {
    for (const enc of ["A256CBC-HS512", "A256GCM"] as const) {
      for (const [secret, salt] of [
        [SECRET, SALT],
        ["sécret🔑", "sälz"],
      ] as const) {
        const webKey = await deriveEncryptionKey(secret, salt, enc)
        const nodeKey = prepareNodeKey(secret, salt, enc)
        expect(new Uint8Array(nodeKey.raw)).toEqual(webKey.key)
        expect(nodeKey.kid).toBe(webKey.kid)
      }
    }
  })

  it("are derived once, and at most 64 are kept", () => {
    const first = prepareNodeKey("node-cache-0", SALT, "A256GCM")
    expect(prepareNodeKey("node-cache-0", SALT, "A256GCM")).toBe(first)
    for (let i = 1; i <= 64; i++) prepareNodeKey(`node-cache-${i}`, SALT, "A256GCM")
    expect(prepareNodeKey("node-cache-0", SALT, "A256GCM")).not.toBe(first)
  })

  it("keep parts that concatenate alike apart", () => {
    const a = prepareNodeKey("ab", "c", "A256GCM")
    const b = prepareNodeKey("b", "ac", "A256GCM")
    const c = prepareNodeKey("c", "ab", "A256GCM")
    expect(new Set([a.kid, b.kid, c.kid]).size).toBe(3)
  })
})
