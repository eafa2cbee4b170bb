/**
 * The key pair behind one soft credential: generated with WebCrypto, its public half written as
 * a COSE key, its signatures in the encodings WebAuthn requires.
 */
import { type Bytes, concatBytes, fromBase64Url } from "./bytes.js"
import { encodeCbor } from "./cbor.js"

/** The signature algorithms the soft authenticator implements. */
export type SoftAlgorithm = "ES256" | "RS256" | "EdDSA"

/**
 * The COSE algorithm identifier of each {@link SoftAlgorithm}, as it appears in
 * `pubKeyCredParams`, in COSE keys and in packed attestation statements.
 *
 * @see https://www.iana.org/assignments/cose/cose.xhtml#algorithms
 */
export const COSE_ALGORITHM = { ES256: -7, RS256: -257, EdDSA: -8 } as const satisfies Record<
  SoftAlgorithm,
  number
>

// COSE key parameters and values (RFC 9052 §7, RFC 9053 §7, RFC 8230 §4).
const KTY = 1
const ALG = 3
const CRV_OR_N = -1
const X_OR_E = -2
const Y = -3
const KTY_OKP = 1
const KTY_EC2 = 2
const KTY_RSA = 3
const CRV_P256 = 1
const CRV_ED25519 = 6

/** A credential's key pair: the private key stays inside WebCrypto (not extractable). */
export interface CredentialKey {
  readonly algorithm: SoftAlgorithm
  readonly privateKey: CryptoKey
  /** The public key as a CBOR-encoded COSE key, as in attested credential data. */
  readonly cosePublicKey: Bytes
  /** The public key as DER SubjectPublicKeyInfo, as `AuthenticatorAttestationResponse.getPublicKey()` returns it. */
  readonly spkiPublicKey: Bytes
}

const KEY_GENERATION: Record<SoftAlgorithm, RsaHashedKeyGenParams | EcKeyGenParams | Algorithm> = {
  ES256: { name: "ECDSA", namedCurve: "P-256" },
  // RS256 keys in the wild are 2048-bit with e = 65537 (Windows Hello).
  RS256: {
    name: "RSASSA-PKCS1-v1_5",
    modulusLength: 2048,
    publicExponent: Uint8Array.of(1, 0, 1),
    hash: "SHA-256",
  },
  EdDSA: { name: "Ed25519" },
}

const SIGNING: Record<SoftAlgorithm, EcdsaParams | Algorithm> = {
  ES256: { name: "ECDSA", hash: "SHA-256" },
  RS256: { name: "RSASSA-PKCS1-v1_5" },
  EdDSA: { name: "Ed25519" },
}

/** Generates a fresh key pair for a credential. */
export async function generateCredentialKey(algorithm: SoftAlgorithm): Promise<CredentialKey> {
  const pair = await crypto.subtle.generateKey(KEY_GENERATION[algorithm], false, ["sign", "verify"])
  if (!("privateKey" in pair)) throw new TypeError(`${algorithm} key generation gave no key pair.`)
  const jwk = await crypto.subtle.exportKey("jwk", pair.publicKey)
  return {
    algorithm,
    privateKey: pair.privateKey,
    cosePublicKey: encodeCbor(coseKeyParameters(algorithm, jwk)),
    spkiPublicKey: new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey)),
  }
}

/**
 * The COSE key parameters of a public JWK: EC2 (kty 2, crv P-256, x, y) for ES256, RSA (kty 3,
 * n, e) for RS256, OKP (kty 1, crv Ed25519, x) for EdDSA.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9053#section-7 (EC2 and OKP)
 * @see https://www.rfc-editor.org/rfc/rfc8230#section-4 (RSA)
 */
function coseKeyParameters(algorithm: SoftAlgorithm, jwk: JsonWebKey): Map<number, number | Bytes> {
  const field = (name: "x" | "y" | "n" | "e"): Bytes => {
    const value = jwk[name]
    if (value === undefined) throw new TypeError(`The ${algorithm} public JWK has no "${name}".`)
    return fromBase64Url(value)
  }
  const alg = COSE_ALGORITHM[algorithm]
  switch (algorithm) {
    case "ES256":
      return new Map<number, number | Bytes>([
        [KTY, KTY_EC2],
        [ALG, alg],
        [CRV_OR_N, CRV_P256],
        [X_OR_E, field("x")],
        [Y, field("y")],
      ])
    case "RS256":
      return new Map<number, number | Bytes>([
        [KTY, KTY_RSA],
        [ALG, alg],
        [CRV_OR_N, field("n")],
        [X_OR_E, field("e")],
      ])
    case "EdDSA":
      return new Map<number, number | Bytes>([
        [KTY, KTY_OKP],
        [ALG, alg],
        [CRV_OR_N, CRV_ED25519],
        [X_OR_E, field("x")],
      ])
  }
}

/**
 * Signs `data` with a credential's private key, encoded as WebAuthn wants the signature: ECDSA
 * as an ASN.1 DER `Ecdsa-Sig-Value` (WebCrypto gives raw `r || s`), RSASSA-PKCS1-v1_5 and
 * Ed25519 as they are.
 *
 * @see https://w3c.github.io/webauthn/#sctn-signature-attestation-types
 */
export async function signWithCredentialKey(key: CredentialKey, data: Bytes): Promise<Bytes> {
  const signature = new Uint8Array(
    await crypto.subtle.sign(SIGNING[key.algorithm], key.privateKey, data),
  )
  return key.algorithm === "ES256" ? encodeEcdsaSignatureDer(signature) : signature
}

/**
 * Re-encodes a raw ECDSA signature (`r || s`, each half the length) as the DER
 * `SEQUENCE { INTEGER r, INTEGER s }`: each integer without leading zero bytes, plus one zero
 * byte where the high bit is set so it stays positive.
 *
 * @throws {RangeError} for a signature that is empty, of odd length, or longer than P-384's
 *   (96 bytes; longer ones would need DER long-form lengths)
 * @see https://www.rfc-editor.org/rfc/rfc3279#section-2.2.3
 */
export function encodeEcdsaSignatureDer(raw: Uint8Array): Bytes {
  if (raw.length === 0 || raw.length % 2 !== 0 || raw.length > MAX_RAW_ECDSA_SIGNATURE_BYTES) {
    throw new RangeError(
      `A raw ECDSA signature is two equal halves, at most ${MAX_RAW_ECDSA_SIGNATURE_BYTES} bytes; got ${raw.length}.`,
    )
  }
  const half = raw.length / 2
  const body = concatBytes([derInteger(raw.subarray(0, half)), derInteger(raw.subarray(half))])
  return concatBytes([Uint8Array.of(0x30, body.length), body])
}

// P-384: the SEQUENCE body is at most 2 × (2 + 49) = 102 bytes, within DER's short form (< 128).
const MAX_RAW_ECDSA_SIGNATURE_BYTES = 96

function derInteger(magnitude: Uint8Array): Bytes {
  let start = 0
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++
  const trimmed = magnitude.subarray(start)
  const content = concatBytes(trimmed[0]! & 0x80 ? [Uint8Array.of(0), trimmed] : [trimmed])
  return concatBytes([Uint8Array.of(0x02, content.length), content])
}
