import { createPublicKey, verify } from "node:crypto"
import { isoCBOR } from "@simplewebauthn/server/helpers"
import { describe, expect, it } from "vitest"
import { type Bytes, fromBase64Url, toBase64Url, utf8 } from "./bytes.js"
import { type CborValue, encodeCbor } from "./cbor.js"
import {
  encodeEcdsaSignatureDer,
  generateCredentialKey,
  type SoftAlgorithm,
  signWithCredentialKey,
} from "./credential-key.js"

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex")
const bytes = (hexString: string): Bytes => new Uint8Array(Buffer.from(hexString, "hex"))

describe("encodeCbor", () => {
  // RFC 8949 Appendix A, the examples within the types the encoder supports.
  it.each<[string, CborValue, string]>([
    ["0", 0, "00"],
    ["23", 23, "17"],
    ["24", 24, "1818"],
    ["100", 100, "1864"],
    ["1000", 1000, "1903e8"],
    ["1000000", 1000000, "1a000f4240"],
    ["1000000000000", 1000000000000, "1b000000e8d4a51000"],
    ["-1", -1, "20"],
    ["-10", -10, "29"],
    ["-100", -100, "3863"],
    ["-1000", -1000, "3903e7"],
    ['""', "", "60"],
    ['"a"', "a", "6161"],
    ['"IETF"', "IETF", "6449455446"],
    ['"ü"', "\u00fc", "62c3bc"],
    ['"水"', "\u6c34", "63e6b0b4"],
    ["h''", new Uint8Array(0), "40"],
    ["h'01020304'", Uint8Array.of(1, 2, 3, 4), "4401020304"],
    ["[]", [], "80"],
    ["[1, [2, 3], [4, 5]]", [1, [2, 3], [4, 5]], "8301820203820405"],
    ["{}", new Map(), "a0"],
    [
      "{1: 2, 3: 4}",
      new Map([
        [1, 2],
        [3, 4],
      ]),
      "a201020304",
    ],
    [
      '{"a": 1, "b": [2, 3]}',
      new Map<string, CborValue>([
        ["a", 1],
        ["b", [2, 3]],
      ]),
      "a26161016162820203",
    ],
  ])("encodes %s as RFC 8949 Appendix A does", (_, value, expected) => {
    expect(hex(encodeCbor(value))).toBe(expected)
  })

  it("writes 25 items of an array with a one-byte length argument", () => {
    const value = Array.from({ length: 25 }, (_, i) => i + 1)
    expect(hex(encodeCbor(value)).slice(0, 4)).toBe("9819")
  })

  it("sorts map keys in CTAP2 canonical order whatever the insertion order", () => {
    // A COSE EC2 key inserted backwards; CTAP2 order is 1, 3, -1, -2, -3.
    const reversed = new Map<number, CborValue>([
      [-3, Uint8Array.of(9)],
      [-2, Uint8Array.of(8)],
      [-1, 1],
      [3, -7],
      [1, 2],
    ])
    expect(hex(encodeCbor(reversed))).toBe("a5010203262001214108224109")
    // Text keys: shorter first, so an attestation object reads fmt, attStmt, authData.
    const attestation = new Map<string, CborValue>([
      ["authData", new Uint8Array(0)],
      ["attStmt", new Map()],
      ["fmt", "none"],
    ])
    expect([...isoCBOR.decodeFirst<Map<string, unknown>>(encodeCbor(attestation)).keys()]).toEqual([
      "fmt",
      "attStmt",
      "authData",
    ])
  })

  it("round-trips byte for byte through @simplewebauthn/server's decoder and encoder", () => {
    const value = new Map<number | string, CborValue>([
      ["fmt", "packed"],
      ["long", new Uint8Array(300).fill(7)],
      [-257, [-24, -25, 255, 256, 65535, 65536, 2 ** 32]],
    ])
    const encoded = encodeCbor(value)
    expect(hex(isoCBOR.encode(isoCBOR.decodeFirst(encoded)))).toBe(hex(encoded))
  })

  it("throws a RangeError for numbers that are not safe integers", () => {
    expect(() => encodeCbor(1.5)).toThrow(RangeError)
    expect(() => encodeCbor(2 ** 53)).toThrow(RangeError)
    expect(() => encodeCbor([Number.NaN])).toThrow(RangeError)
  })
})

describe("base64url", () => {
  it("encodes without padding and with the URL-safe alphabet, and decodes back", () => {
    const value = Uint8Array.of(0xfb, 0xff, 0xbf, 0x01)
    expect(toBase64Url(value)).toBe("-_-_AQ")
    expect(fromBase64Url("-_-_AQ")).toEqual(value)
    expect(toBase64Url(utf8(""))).toBe("")
  })

  it("throws a TypeError for padded or non-URL-safe input", () => {
    expect(() => fromBase64Url("AQ==")).toThrow(TypeError)
    expect(() => fromBase64Url("+/8")).toThrow(TypeError)
    expect(() => fromBase64Url("A")).toThrow(TypeError)
  })
})

describe("encodeEcdsaSignatureDer", () => {
  const half = (first: number, fill: number): string =>
    hex(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? first : fill)))

  it("writes positive integers: a zero byte before a set high bit", () => {
    const raw = bytes(half(0x80, 0x11) + half(0x7f, 0x22))
    expect(hex(encodeEcdsaSignatureDer(raw))).toBe(
      `3045022100${half(0x80, 0x11)}0220${half(0x7f, 0x22)}`,
    )
  })

  it("drops leading zero bytes, keeping one for zero", () => {
    const r = `0000${"ab".repeat(30)}`
    const raw = bytes(r + "00".repeat(32))
    expect(hex(encodeEcdsaSignatureDer(raw))).toBe(`3024021f00${"ab".repeat(30)}020100`)
  })

  it("throws a RangeError for an odd-length signature and one longer than P-384's", () => {
    expect(() => encodeEcdsaSignatureDer(new Uint8Array(63))).toThrow(RangeError)
    expect(() => encodeEcdsaSignatureDer(new Uint8Array(132))).toThrow(RangeError)
    expect(encodeEcdsaSignatureDer(new Uint8Array(96).fill(0xff))).toHaveLength(2 + 2 * 51)
  })
})

describe("credential keys", () => {
  // node:crypto, not WebCrypto, checks the signatures: an independent verifier that reads the
  // SPKI public key and DER-encoded ECDSA signatures itself.
  const nodeDigest: Record<SoftAlgorithm, string | null> = {
    ES256: "sha256",
    RS256: "sha256",
    EdDSA: null,
  }

  it.each<SoftAlgorithm>(["ES256", "RS256", "EdDSA"])(
    "signs %s as WebAuthn expects, verifiable with the SPKI public key",
    async (algorithm) => {
      const key = await generateCredentialKey(algorithm)
      const data = utf8("authenticatorData || clientDataHash")
      const signature = await signWithCredentialKey(key, data)
      const publicKey = createPublicKey({
        key: Buffer.from(key.spkiPublicKey),
        format: "der",
        type: "spki",
      })
      const options = { key: publicKey, dsaEncoding: "der" as const }
      expect(verify(nodeDigest[algorithm], data, options, signature)).toBe(true)
      expect(verify(nodeDigest[algorithm], utf8("other data"), options, signature)).toBe(false)
      expect(key.privateKey.extractable).toBe(false)
    },
  )

  it("writes COSE keys with the parameters of each key type", async () => {
    const decode = async (algorithm: SoftAlgorithm) =>
      isoCBOR.decodeFirst<Map<number, unknown>>(
        (await generateCredentialKey(algorithm)).cosePublicKey,
      )
    const ec2 = await decode("ES256")
    expect([...ec2.keys()]).toEqual([1, 3, -1, -2, -3])
    expect([ec2.get(1), ec2.get(3), ec2.get(-1)]).toEqual([2, -7, 1])
    expect([(ec2.get(-2) as Uint8Array).length, (ec2.get(-3) as Uint8Array).length]).toEqual([
      32, 32,
    ])
    const rsa = await decode("RS256")
    expect([...rsa.keys()]).toEqual([1, 3, -1, -2])
    expect([rsa.get(1), rsa.get(3), (rsa.get(-1) as Uint8Array).length]).toEqual([3, -257, 256])
    expect(hex(rsa.get(-2) as Uint8Array)).toBe("010001")
    const okp = await decode("EdDSA")
    expect([...okp.keys()]).toEqual([1, 3, -1, -2])
    expect([okp.get(1), okp.get(3), okp.get(-1), (okp.get(-2) as Uint8Array).length]).toEqual([
      1, -8, 6, 32,
    ])
  })
})
