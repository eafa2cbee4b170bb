/**
 * ID tokens signed with the client secret (HS256), as LINE issues them: their signature is
 * checked with the secret, since no JWKS can hold the key.
 *
 * @see https://openid.net/specs/openid-connect-core-1_0.html#Signing
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-3.2 HMAC with SHA-2
 */
import { decodeBase64url } from "../../internal/jwt/base64url.js"

/**
 * Whether a compact JWS is signed with HS256 under `secret`. A token with another `alg`, or one
 * that is not a JWS, is not.
 */
export async function isHs256SignedBy(jws: string, secret: string): Promise<boolean> {
  const parts = jws.split(".")
  if (parts.length !== 3) return false
  const [header = "", payload = "", signature = ""] = parts
  let alg: unknown
  let signatureBytes: Uint8Array<ArrayBuffer>
  try {
    alg = (JSON.parse(new TextDecoder().decode(decodeBase64url(header))) as { alg?: unknown }).alg
    signatureBytes = decodeBase64url(signature)
  } catch {
    return false
  }
  if (alg !== "HS256") return false
  const encoder = new TextEncoder()
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  )
  return crypto.subtle.verify("HMAC", key, signatureBytes, encoder.encode(`${header}.${payload}`))
}
