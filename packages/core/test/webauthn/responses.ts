/**
 * The bytes of the two WebAuthn ceremonies, as an authenticator and a browser produce them
 * together: `clientDataJSON`, authenticator data, the attestation object and the assertion
 * signature, wrapped in the JSON forms of `PublicKeyCredential.toJSON()`.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server"
import {
  type Bytes,
  concatBytes,
  fromBase64Url,
  sha256,
  toBase64Url,
  uint16BE,
  uint32BE,
  utf8,
} from "./bytes.js"
import { type CborMap, type CborValue, encodeCbor } from "./cbor.js"
import { COSE_ALGORITHM, type CredentialKey, signWithCredentialKey } from "./credential-key.js"

/** Authenticator data flags. @see https://w3c.github.io/webauthn/#authdata-flags */
export const AUTHENTICATOR_DATA_FLAGS = {
  userPresent: 0x01,
  userVerified: 0x04,
  backupEligible: 0x08,
  backedUp: 0x10,
  attestedCredentialData: 0x40,
} as const

/** The credential a ceremony uses, as the authenticator holds it. */
export interface CeremonyCredential {
  readonly rawId: Bytes
  readonly rpId: string
  /** The user handle, base64url. */
  readonly userHandle: string
  readonly key: CredentialKey
  /** The signature counter to report. */
  readonly counter: number
}

/** What a registration response is made of besides the credential. */
export interface RegistrationInput {
  /** The options' challenge, base64url. */
  challenge: string
  origin: string
  /** UP, UV, BE and BS as they should be set; AT is added. */
  flags: number
  attestation: "none" | "packed"
  aaguid: Bytes
  /** What `getClientExtensionResults()` reports. */
  clientExtensionResults: RegistrationResponseJSON["clientExtensionResults"]
}

/** What an authentication response is made of besides the credential. */
export interface AuthenticationInput {
  /** The options' challenge, base64url. */
  challenge: string
  origin: string
  /** The RP ID whose SHA-256 starts the authenticator data. */
  rpId: string
  /** UP, UV, BE and BS as they should be set. */
  flags: number
}

/**
 * Makes a registration response: authenticator data with attested credential data (AAGUID,
 * credential id, COSE public key), the attestation object (`none`, or `packed` self attestation
 * signed by the credential key over `authData || SHA-256(clientDataJSON)`) and the client's JSON
 * around them.
 *
 * @see https://w3c.github.io/webauthn/#sctn-attested-credential-data
 * @see https://w3c.github.io/webauthn/#sctn-packed-attestation
 * @see https://w3c.github.io/webauthn/#dictdef-registrationresponsejson
 */
export async function createRegistrationResponse(
  credential: CeremonyCredential,
  input: RegistrationInput,
): Promise<RegistrationResponseJSON> {
  const id = toBase64Url(credential.rawId)
  const clientData = clientDataJSON("webauthn.create", input.challenge, input.origin)
  const authData = concatBytes([
    await sha256(utf8(credential.rpId)),
    Uint8Array.of(input.flags | AUTHENTICATOR_DATA_FLAGS.attestedCredentialData),
    uint32BE(credential.counter),
    input.aaguid,
    uint16BE(credential.rawId.length),
    credential.rawId,
    credential.key.cosePublicKey,
  ])
  const attStmt: CborMap =
    input.attestation === "packed"
      ? new Map<string, CborValue>([
          ["alg", COSE_ALGORITHM[credential.key.algorithm]],
          [
            "sig",
            await signWithCredentialKey(credential.key, await signedData(authData, clientData)),
          ],
        ])
      : new Map()
  const attestationObject = encodeCbor(
    new Map<string, CborValue>([
      ["fmt", input.attestation],
      ["attStmt", attStmt],
      ["authData", authData],
    ]),
  )
  return {
    id,
    rawId: id,
    type: "public-key",
    authenticatorAttachment: "platform",
    response: {
      clientDataJSON: toBase64Url(clientData),
      attestationObject: toBase64Url(attestationObject),
      authenticatorData: toBase64Url(authData),
      transports: ["internal"],
      publicKeyAlgorithm: COSE_ALGORITHM[credential.key.algorithm],
      publicKey: toBase64Url(credential.key.spkiPublicKey),
    },
    clientExtensionResults: input.clientExtensionResults,
  }
}

/**
 * Makes an authentication response: authenticator data without attested credential data, and
 * the signature over `authenticatorData || SHA-256(clientDataJSON)`, with the user handle.
 *
 * @see https://w3c.github.io/webauthn/#sctn-op-get-assertion
 * @see https://w3c.github.io/webauthn/#dictdef-authenticationresponsejson
 */
export async function createAuthenticationResponse(
  credential: CeremonyCredential,
  input: AuthenticationInput,
): Promise<AuthenticationResponseJSON> {
  const id = toBase64Url(credential.rawId)
  const clientData = clientDataJSON("webauthn.get", input.challenge, input.origin)
  const authData = concatBytes([
    await sha256(utf8(input.rpId)),
    Uint8Array.of(input.flags),
    uint32BE(credential.counter),
  ])
  const signature = await signWithCredentialKey(
    credential.key,
    await signedData(authData, clientData),
  )
  return {
    id,
    rawId: id,
    type: "public-key",
    authenticatorAttachment: "platform",
    response: {
      clientDataJSON: toBase64Url(clientData),
      authenticatorData: toBase64Url(authData),
      signature: toBase64Url(signature),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
  }
}

/**
 * `CollectedClientData` serialised as browsers do: `type`, `challenge`, `origin`, `crossOrigin`
 * in that order, the challenge re-encoded as unpadded base64url.
 *
 * @see https://w3c.github.io/webauthn/#clientdatajson-serialization
 */
function clientDataJSON(
  type: "webauthn.create" | "webauthn.get",
  challenge: string,
  origin: string,
): Bytes {
  const collected = {
    type,
    challenge: toBase64Url(fromBase64Url(challenge)),
    origin,
    crossOrigin: false,
  }
  return utf8(JSON.stringify(collected))
}

/** What both attestation and assertion signatures cover. */
async function signedData(authData: Bytes, clientData: Bytes): Promise<Bytes> {
  return concatBytes([authData, await sha256(clientData)])
}
