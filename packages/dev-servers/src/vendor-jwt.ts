/**
 * Signing for the vendor mimic: ID tokens and signed userinfo responses, RS256 with a key made
 * once per server (published as a JWKS) or HS256 with the client secret, as LINE does.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7515 JSON Web Signature
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDToken
 */
import { createHmac, createSign, generateKeyPairSync, type KeyObject } from "node:crypto"

/** The signing algorithms the mimic issues. */
export type VendorSigningAlg = "RS256" | "HS256"

/** An RS256 key pair and its public JWK. */
export interface VendorSigningKey {
  readonly privateKey: KeyObject
  readonly kid: string
  /** `{ keys: [<public JWK>] }`, as a `jwks_uri` serves it. */
  readonly jwks: { keys: Record<string, unknown>[] }
}

const RSA_MODULUS_BITS = 2048

/** Makes the RS256 key of one server. */
export function createSigningKey(): VendorSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: RSA_MODULUS_BITS })
  const kid = "vendor-mimic-1"
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }
  return { privateKey, kid, jwks: { keys: [jwk] } }
}

/**
 * Signs claims as a compact JWS.
 *
 * @param secret the HS256 key (the client secret); ignored for RS256
 */
export function signJwt(
  claims: Record<string, unknown>,
  alg: VendorSigningAlg,
  key: VendorSigningKey,
  secret: string,
): string {
  const header = alg === "RS256" ? { alg, kid: key.kid, typ: "JWT" } : { alg, typ: "JWT" }
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`
  const signature =
    alg === "RS256"
      ? createSign("RSA-SHA256").update(input).sign(key.privateKey)
      : createHmac("sha256", secret).update(input).digest()
  return `${input}.${signature.toString("base64url")}`
}

function base64url(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url")
}
