/**
 * How strong a secret must be. Every session token names its key in the `kid` header, so anyone
 * holding a cookie can test guesses of a short secret offline, at the speed of HKDF.
 */

/** Fewest bytes (UTF-8) a secret may have: 256 bits, what `npx auth secret` generates. */
export const MIN_SECRET_BYTES = 32

const encoder = new TextEncoder()

/** Whether a secret is shorter than {@link MIN_SECRET_BYTES} bytes of UTF-8. */
export function isWeakSecret(secret: string): boolean {
  return encoder.encode(secret).length < MIN_SECRET_BYTES
}
