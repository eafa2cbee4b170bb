/**
 * A CBOR encoder with just what authenticators emit: unsigned and negative integers, byte
 * strings, text strings, arrays and maps, in the CTAP2 canonical form (shortest heads, map keys
 * sorted), so attestation objects and COSE keys come out byte for byte as a real authenticator
 * would write them.
 *
 * @see https://www.rfc-editor.org/rfc/rfc8949#section-3.1 (major types)
 * @see https://fidoalliance.org/specs/fido-v2.1-ps-20210615/fido-client-to-authenticator-protocol-v2.1-ps-20210615.html#ctap2-canonical-cbor-encoding-form
 */
import { type Bytes, concatBytes, utf8 } from "./bytes.js"

/** A value {@link encodeCbor} can encode. Numbers must be safe integers. */
export type CborValue = number | string | Uint8Array | readonly CborValue[] | CborMap

/** A CBOR map. Keys are integers or text, as in COSE keys and attestation objects. */
export type CborMap = ReadonlyMap<number | string, CborValue>

const MAJOR_UNSIGNED = 0
const MAJOR_NEGATIVE = 1
const MAJOR_BYTES = 2
const MAJOR_TEXT = 3
const MAJOR_ARRAY = 4
const MAJOR_MAP = 5

/**
 * Encodes a value as canonical CBOR. Map keys are sorted as CTAP2 requires (by major type, then
 * by encoded length, then byte-wise), whatever the insertion order.
 *
 * @throws {RangeError} for a number that is not a safe integer
 * @see https://fidoalliance.org/specs/fido-v2.1-ps-20210615/fido-client-to-authenticator-protocol-v2.1-ps-20210615.html#ctap2-canonical-cbor-encoding-form
 * @example
 * encodeCbor(new Map([[1, 2], [3, -7]])) // a2 01 02 03 26
 */
export function encodeCbor(value: CborValue): Bytes {
  const out: Uint8Array[] = []
  writeValue(value, out)
  return concatBytes(out)
}

function writeValue(value: CborValue, out: Uint8Array[]): void {
  if (typeof value === "number") {
    writeInteger(value, out)
  } else if (typeof value === "string") {
    writeString(MAJOR_TEXT, utf8(value), out)
  } else if (value instanceof Uint8Array) {
    writeString(MAJOR_BYTES, value, out)
  } else if (isCborMap(value)) {
    writeMap(value, out)
  } else {
    out.push(head(MAJOR_ARRAY, value.length))
    for (const item of value) writeValue(item, out)
  }
}

function isCborMap(value: CborMap | readonly CborValue[]): value is CborMap {
  return value instanceof Map
}

function writeInteger(value: number, out: Uint8Array[]): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`CBOR encoder: ${value} is not a safe integer; only integers are encoded.`)
  }
  // A negative integer n is encoded as major type 1 with argument -1 - n (RFC 8949 §3.1).
  out.push(value >= 0 ? head(MAJOR_UNSIGNED, value) : head(MAJOR_NEGATIVE, -1 - value))
}

function writeString(major: number, bytes: Uint8Array, out: Uint8Array[]): void {
  out.push(head(major, bytes.length), bytes)
}

function writeMap(map: CborMap, out: Uint8Array[]): void {
  const entries = [...map].map(([key, value]) => ({ key: encodeCbor(key), value }))
  entries.sort((a, b) => compareCanonicalKeys(a.key, b.key))
  out.push(head(MAJOR_MAP, entries.length))
  for (const entry of entries) {
    out.push(entry.key)
    writeValue(entry.value, out)
  }
}

/** CTAP2 order: the lower major type first, then the shorter encoding, then byte-wise. */
function compareCanonicalKeys(a: Uint8Array, b: Uint8Array): number {
  const majorDifference = (a[0]! >> 5) - (b[0]! >> 5)
  if (majorDifference !== 0) return majorDifference
  if (a.length !== b.length) return a.length - b.length
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!
  }
  return 0
}

/** The initial byte and the shortest argument that holds `argument` (RFC 8949 §3, §4.2.1). */
function head(major: number, argument: number): Bytes {
  const type = major << 5
  if (argument < 24) return Uint8Array.of(type | argument)
  if (argument < 0x100) return Uint8Array.of(type | 24, argument)
  if (argument < 0x10000) return withArgument(type | 25, 2, (view) => view.setUint16(1, argument))
  if (argument < 0x100000000) {
    return withArgument(type | 26, 4, (view) => view.setUint32(1, argument))
  }
  return withArgument(type | 27, 8, (view) => view.setBigUint64(1, BigInt(argument)))
}

function withArgument(initial: number, size: number, write: (view: DataView) => void): Bytes {
  const out = new Uint8Array(1 + size)
  out[0] = initial
  write(new DataView(out.buffer))
  return out
}
