/**
 * Validation of a decrypted JWT claims set, as `jose`'s `jwtDecrypt` does it with the options
 * Auth.js passes (15 seconds of clock tolerance), with the same errors, plus one requirement
 * Auth.js does not make: an `exp` claim (as `jose` checks `requiredClaims: ["exp"]`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-7.2 Validating a JWT
 */
import { JWTClaimValidationFailed, JWTExpired, JWTInvalid } from "jose/errors"
import { isJsonObject, type ProtectedHeader } from "./compact.js"

/** Seconds of clock skew accepted on `exp` and `nbf`, as in Auth.js. */
export const CLOCK_TOLERANCE_SECONDS = 15

/** The claims of a token, as decrypted. */
export type Claims = Record<string, unknown>

/**
 * Parses and checks the claims of a decrypted token: a JSON object with an `exp`, whose `iat`,
 * `nbf` and `exp` are numbers, not yet expired and already valid (with 15 seconds of
 * tolerance), and whose claims replicated in the header (`iss`, `sub`, `aud`) match.
 *
 * A token without `exp` never expires: every token core writes has one, so one without it was
 * made elsewhere (a custom `jwt.encode`, a leaked key) and is refused. Auth.js accepts it.
 *
 * @param readText Returns the plaintext as strict UTF-8; may throw.
 * @param nowSeconds The current time, in seconds since the epoch.
 * @throws {JWTInvalid} When the plaintext is not a JSON object.
 * @throws {JWTExpired} When `exp` is past.
 * @throws {JWTClaimValidationFailed} When `exp` is missing, a time claim is not a number, `nbf`
 *   is ahead, or a replicated claim differs.
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-4.1.4 "exp" claim
 * @see https://www.rfc-editor.org/rfc/rfc7516#section-4.1.9 replicated claims (RFC 7519 5.3)
 */
export function readClaims(
  readText: () => string,
  header: ProtectedHeader,
  nowSeconds: number,
): Claims {
  let claims: unknown
  try {
    claims = JSON.parse(readText())
  } catch (cause) {
    throw new JWTInvalid("JWT Claims Set must be a top-level JSON object", { cause })
  }
  if (!isJsonObject(claims)) throw new JWTInvalid("JWT Claims Set must be a top-level JSON object")

  if (!Object.hasOwn(claims, "exp")) {
    throw new JWTClaimValidationFailed(
      'missing required "exp" claim',
      timeClaimsOf(claims),
      "exp",
      "missing",
    )
  }
  numericClaim(claims, "iat")
  const nbf = numericClaim(claims, "nbf")
  if (nbf !== undefined && nbf > nowSeconds + CLOCK_TOLERANCE_SECONDS) {
    throw new JWTClaimValidationFailed(
      '"nbf" claim timestamp check failed',
      timeClaimsOf(claims),
      "nbf",
      "check_failed",
    )
  }
  const exp = numericClaim(claims, "exp")
  if (exp !== undefined && exp <= nowSeconds - CLOCK_TOLERANCE_SECONDS) {
    throw new JWTExpired(
      '"exp" claim timestamp check failed',
      timeClaimsOf(claims),
      "exp",
      "check_failed",
    )
  }

  for (const claim of ["iss", "sub", "aud"] as const) {
    const replicated = header[claim]
    if (replicated === undefined) continue
    const same =
      claim === "aud"
        ? JSON.stringify(replicated) === JSON.stringify(claims.aud)
        : replicated === claims[claim]
    if (!same) {
      throw new JWTClaimValidationFailed(
        `replicated "${claim}" claim header parameter mismatch`,
        timeClaimsOf(claims),
        claim,
        "mismatch",
      )
    }
  }
  return claims
}

/**
 * The claims of a token being written, as JSON: what `jose`'s `EncryptJWT` writes, which copies
 * them with `structuredClone` first (so a class instance loses its `toJSON`, and a function
 * fails to clone). Plain JSON data, the usual case, is the same without the copy and is written
 * directly.
 *
 * @throws {TypeError} When `nbf` is a non-finite number.
 * @throws {DOMException} (`DataCloneError`) When a value cannot be cloned, such as a function.
 */
export function serializeClaims(claims: Claims): string {
  const copy = isPlainData(claims, 0) ? claims : structuredClone(claims)
  const { nbf } = copy
  if (typeof nbf === "number" && !Number.isFinite(nbf)) {
    throw new TypeError('"nbf" claim must be a finite number')
  }
  return JSON.stringify(copy)
}

/** Nesting beyond this is left to `structuredClone` (which also copes with cycles). */
const MAX_PLAIN_DEPTH = 16

/**
 * Whether a value is made only of primitives, arrays and plain objects with data properties,
 * so that `JSON.stringify(structuredClone(value))` equals `JSON.stringify(value)`.
 */
function isPlainData(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
    case "undefined":
      return true
    case "object":
      break
    default:
      return false
  }
  if (value === null) return true
  if (depth >= MAX_PLAIN_DEPTH) return false
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false
    for (let i = 0; i < value.length; i++) {
      if (!Object.hasOwn(value, i) || !isPlainData(value[i], depth + 1)) return false
    }
    return Object.keys(value).length === value.length
  }
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return false
  const keys = Object.keys(value)
  // Symbol keys and non-enumerable members (a hidden `toJSON`) are left to the copy.
  if (Reflect.ownKeys(value).length !== keys.length) return false
  for (const key of keys) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!
    if (!("value" in descriptor) || !isPlainData(descriptor.value, depth + 1)) return false
  }
  return true
}

/**
 * The time claims of a token, for the `payload` of a claim error. `jose` puts the whole claims
 * set there; here the rest (which may hold an access token the app stored, or a check cookie's
 * PKCE verifier) never leaves the decode, so no log of the error can carry it.
 */
function timeClaimsOf(claims: Claims): Claims {
  const times: Claims = {}
  for (const claim of ["iat", "nbf", "exp"])
    if (Object.hasOwn(claims, claim)) times[claim] = claims[claim]
  return times
}

function numericClaim(claims: Claims, claim: "iat" | "nbf" | "exp"): number | undefined {
  const value = claims[claim]
  if (value === undefined) return undefined
  if (typeof value !== "number") {
    throw new JWTClaimValidationFailed(
      `"${claim}" claim must be a number`,
      timeClaimsOf(claims),
      claim,
      "invalid",
    )
  }
  return value
}
