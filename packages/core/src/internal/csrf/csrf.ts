/**
 * CSRF protection by double submit: a random token lives in a cookie next to an HMAC of it
 * keyed with the secret, and every state-changing POST must echo the token in its body.
 *
 * Differences from Auth.js: the cookie carries an HMAC-SHA256 (Auth.js: a plain SHA-256 of
 * token + secret), comparisons are constant-time, and a cookie made with any secret of the
 * rotation list still verifies (Auth.js hashes with the whole list joined, so rotating breaks
 * every CSRF cookie).
 */
// `#crypto` is `internal/crypto/crypto.node.ts` under the "node" condition, else
// `internal/crypto/crypto.ts` (WebCrypto): see "imports" in package.json.
import { hmacSha256Hex, randomHex } from "#crypto"
import { timingSafeEqual } from "../crypto/timing-safe-equal.js"

const TOKEN_PATTERN = /^[0-9a-f]{64}$/

/** A CSRF token and whether the request's cookie already carried it. */
export interface CsrfState {
  token: string
  /** The cookie value to set, when the request had no valid CSRF cookie. */
  cookieValue: string | undefined
}

/**
 * Returns the request's CSRF token when its cookie verifies under one of the secrets, or a new
 * token with the cookie value to set.
 */
export async function readOrCreateCsrfToken(
  cookieValue: string | undefined,
  secrets: readonly string[],
): Promise<CsrfState> {
  const existing = await verifyCsrfCookie(cookieValue, secrets)
  if (existing) return { token: existing, cookieValue: undefined }
  const token = randomHex(32)
  return { token, cookieValue: `${token}|${await hmacSha256Hex(secrets[0]!, token)}` }
}

/** The token of a CSRF cookie whose HMAC verifies under any of the secrets, else `undefined`. */
export async function verifyCsrfCookie(
  cookieValue: string | undefined,
  secrets: readonly string[],
): Promise<string | undefined> {
  if (!cookieValue || cookieValue.length > 200) return undefined
  const [token, mac, extra] = cookieValue.split("|")
  if (!token || !mac || extra !== undefined || !TOKEN_PATTERN.test(token)) return undefined
  for (const secret of secrets) {
    if (timingSafeEqual(await hmacSha256Hex(secret, token), mac)) return token
  }
  return undefined
}

/** Whether the token submitted in a POST body equals the cookie's, compared in constant time. */
export function isSubmittedTokenValid(token: string, submitted: unknown): boolean {
  return typeof submitted === "string" && timingSafeEqual(token, submitted)
}
