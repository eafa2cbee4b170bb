/**
 * The one-time tokens of e-mail sign-in links: how they are made, and the keyed hash that is
 * the only form in which they are stored.
 */
import { hmacSha256Hex, randomHex } from "#crypto"

/** Random bytes in a default token: 256 bits, written as 64 hex characters. */
const TOKEN_BYTES = 32

/**
 * Separates these MACs from the others made with the same secret (CSRF tokens), so that no MAC
 * issued for one purpose can be presented as another.
 */
const HASH_CONTEXT = "authjs.email-verification-token:"

/** A new token of {@link TOKEN_BYTES} random bytes, as lowercase hex. */
export function randomVerificationToken(): string {
  return randomHex(TOKEN_BYTES)
}

/**
 * The form in which a token is stored: HMAC-SHA256 keyed with `secret`, as lowercase hex. A
 * database leak then yields no usable link, and without the secret no token can be forged.
 *
 * @see https://www.rfc-editor.org/rfc/rfc2104 HMAC
 */
export function hashVerificationToken(secret: string, token: string): Promise<string> {
  return hmacSha256Hex(secret, HASH_CONTEXT + token)
}

/**
 * Every hash under which a token may have been stored: with the provider's own secret only, or
 * with each of the config's secrets (newest first), so that links sent before a secret rotation
 * keep working until they expire.
 */
export async function candidateTokenHashes(
  token: string,
  secrets: readonly string[],
): Promise<string[]> {
  return Promise.all(secrets.map((secret) => hashVerificationToken(secret, token)))
}
