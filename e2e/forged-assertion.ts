/**
 * A WebAuthn assertion made outside the browser with a credential's private key (as the virtual
 * authenticator reports it), for any relying party id and origin: what a browser would never
 * send for this site, so the server's own checks can be tried.
 *
 * @see https://www.w3.org/TR/webauthn-3/#sctn-verifying-assertion
 */
import { createHash, createPrivateKey, sign } from "node:crypto"
import type { VirtualCredential } from "./virtual-authenticator.js"

/** What to sign, besides the credential. */
export interface AssertionOptions {
  /** The challenge of `GET <basePath>/webauthn-options/<id>` (base64url). */
  challenge: string
  /** Where the browser would have been: `http://localhost:<port>`. */
  origin: string
  /** The relying party id hashed into the authenticator data. */
  rpId: string
  /** The signature counter; must exceed the stored one to be accepted. */
  signCount: number
}

/** User present and user verified (authenticator data flags, §6.1). */
const FLAGS_UP_UV = 0x01 | 0x04

/**
 * The `AuthenticationResponseJSON` (`@simplewebauthn/browser`'s shape, what the sign-in page
 * posts as `data`) of an assertion by `credential`.
 */
export function forgeAssertion(credential: VirtualCredential, options: AssertionOptions): object {
  const authenticatorData = Buffer.alloc(37)
  sha256(options.rpId).copy(authenticatorData, 0)
  authenticatorData.writeUInt8(FLAGS_UP_UV, 32)
  authenticatorData.writeUInt32BE(options.signCount, 33)
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: "webauthn.get",
      challenge: options.challenge,
      origin: options.origin,
      crossOrigin: false,
    }),
  )
  const key = createPrivateKey({
    key: Buffer.from(credential.privateKey, "base64"),
    format: "der",
    type: "pkcs8",
  })
  // ES256 and RS256 hash with SHA-256 (ECDSA signatures DER-encoded, Node's default); EdDSA,
  // which Chromium's authenticator picks when the server offers it first, signs the message.
  const digest = key.asymmetricKeyType === "ec" || key.asymmetricKeyType === "rsa" ? "sha256" : null
  const signature = sign(digest, Buffer.concat([authenticatorData, sha256(clientDataJSON)]), key)
  const id = base64url(Buffer.from(credential.credentialId, "base64"))
  return {
    id,
    rawId: id,
    type: "public-key",
    authenticatorAttachment: "platform",
    clientExtensionResults: {},
    response: {
      authenticatorData: base64url(authenticatorData),
      clientDataJSON: base64url(clientDataJSON),
      signature: base64url(signature),
      ...(credential.userHandle
        ? { userHandle: base64url(Buffer.from(credential.userHandle, "base64")) }
        : {}),
    },
  }
}

function sha256(data: string | Buffer): Buffer {
  return createHash("sha256").update(data).digest()
}

function base64url(data: Buffer): string {
  return data.toString("base64url")
}
