/**
 * A software WebAuthn authenticator together with the client (browser) in front of it: from the
 * JSON options a relying party sends, it produces the JSON responses `navigator.credentials`
 * would, with real keys (WebCrypto), real CBOR and real signatures, so a server verifies them as
 * it would a platform passkey's.
 *
 * It is deliberately more permissive than a browser so tests can exercise the server's checks:
 * the origin and RP ID of a ceremony can be set to anything (a phishing origin, another relying
 * party), the user-verification flag follows the authenticator's setting rather than the
 * request, and the counter can be rewound to play a cloned authenticator.
 *
 * @see https://w3c.github.io/webauthn/#sctn-api (the client: `create()` and `get()`)
 * @see https://w3c.github.io/webauthn/#sctn-authenticator-model (the authenticator)
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server"
import { type Bytes, fromBase64Url, toBase64Url } from "./bytes.js"
import {
  COSE_ALGORITHM,
  type CredentialKey,
  generateCredentialKey,
  type SoftAlgorithm,
} from "./credential-key.js"
import {
  AUTHENTICATOR_DATA_FLAGS,
  createAuthenticationResponse,
  createRegistrationResponse,
} from "./responses.js"

export { COSE_ALGORITHM, type SoftAlgorithm } from "./credential-key.js"

/** The attestation statement formats the soft authenticator produces. */
export type SoftAttestation = "none" | "packed"

/** What kind of authenticator to create. */
export interface SoftAuthenticatorOptions {
  /** The algorithm of every credential it creates. */
  algorithm: SoftAlgorithm
  /**
   * The attestation format of registrations: `"none"`, or `"packed"` self attestation (signed by
   * the credential key, no certificate). Used whatever conveyance the relying party asks for.
   * @default "none"
   */
  attestation?: SoftAttestation
  /**
   * Whether the UV flag is set, i.e. the user was verified (PIN, biometrics). Not checked
   * against the request's `userVerification`, so servers' enforcement can be tested.
   * @default true
   */
  userVerified?: boolean
  /** Whether credentials are backup eligible (BE flag), as synced passkeys are. @default false */
  backupEligible?: boolean
  /** Whether credentials are backed up (BS flag); needs `backupEligible`. @default false */
  backedUp?: boolean
  /**
   * How the signature counter moves: `"increment"` by one per assertion, or `"zero"`, always 0,
   * as synced passkeys report it.
   * @default "increment"
   */
  signCount?: "increment" | "zero"
  /** The AAGUID written in attested credential data. @default SOFT_AUTHENTICATOR_AAGUID */
  aaguid?: string
}

/** Where a ceremony runs, as the browser would report it. */
export interface CeremonyContext {
  /** The origin of the page, e.g. `"http://localhost:3000"`; written in `clientDataJSON`. */
  origin: string
  /**
   * The RP ID whose hash goes into authenticator data; defaults to the options' RP ID, then the
   * origin's host. A browser refuses an RP ID that is not the origin's domain or a parent of it;
   * this client does not, so tests can forge another relying party.
   */
  rpId?: string
  /** Overrides the authenticator's `userVerified` for this ceremony. */
  userVerified?: boolean
}

/** Where an authentication runs, and optionally which credential answers. */
export interface AuthenticationContext extends CeremonyContext {
  /**
   * The credential to use. It must be in `allowCredentials` when that is not empty, but it is
   * used whatever its RP ID, which no real authenticator does: a test can sign for another
   * relying party with a credential made for this one. Without it, the first credential of the
   * RP ID that `allowCredentials` allows (any, when it is empty: discoverable credentials) is used.
   */
  credentialId?: string
}

/** A credential the soft authenticator holds, without its private key. */
export interface SoftCredential {
  /** The credential id, base64url. */
  readonly id: string
  readonly rpId: string
  /** The user handle (`user.id` of the registration options), base64url. */
  readonly userHandle: string
  readonly userName: string
  readonly algorithm: SoftAlgorithm
  /** The public key as a CBOR-encoded COSE key, as servers store it. */
  readonly publicKey: Bytes
  /** The stored signature counter: the last one reported (0 after registration) or set. */
  readonly counter: number
}

/** A software authenticator and client; see {@link createSoftAuthenticator}. */
export interface SoftAuthenticator {
  /**
   * Runs `navigator.credentials.create()`: makes a credential for the options' user and returns
   * what `PublicKeyCredential.toJSON()` gives for it.
   *
   * @throws {DOMException} `NotSupportedError` when `pubKeyCredParams` does not offer the
   *   authenticator's algorithm; `InvalidStateError` when `excludeCredentials` names one of its
   *   credentials for the RP ID
   */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    context: CeremonyContext,
  ): Promise<RegistrationResponseJSON>
  /**
   * Runs `navigator.credentials.get()`: signs an assertion with a credential and returns what
   * `PublicKeyCredential.toJSON()` gives for it. The counter moves first (see `signCount`).
   *
   * @throws {DOMException} `NotAllowedError` when no credential fits
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    context: AuthenticationContext,
  ): Promise<AuthenticationResponseJSON>
  /** The credentials it holds, in the order they were made. */
  credentials(): SoftCredential[]
  /**
   * Sets a credential's stored counter; the next assertion reports `counter + 1` (`counter`
   * itself with `signCount: "zero"`). Setting it back plays a cloned authenticator.
   *
   * @throws {RangeError} for an unknown credential or a counter that is not a uint32
   */
  setCounter(credentialId: string, counter: number): void
}

/** The AAGUID of soft authenticators unless another is given: not a real authenticator model's. */
export const SOFT_AUTHENTICATOR_AAGUID = "50f7ada1-7e57-4a17-9e0b-5eb5c1a7a0b0"

const CREDENTIAL_ID_BYTES = 16
// With empty pubKeyCredParams, clients offer ES256 and RS256.
// https://w3c.github.io/webauthn/#dom-publickeycredentialcreationoptions-pubkeycredparams
const DEFAULT_ALGORITHMS: readonly number[] = [COSE_ALGORITHM.ES256, COSE_ALGORITHM.RS256]

interface StoredCredential {
  readonly rawId: Bytes
  readonly id: string
  readonly rpId: string
  readonly userHandle: string
  readonly userName: string
  readonly key: CredentialKey
  counter: number
}

/**
 * Creates a software authenticator (with its client) holding no credentials.
 *
 * @throws {TypeError} when `backedUp` is set without `backupEligible` (a BS flag without BE is
 *   invalid), or `aaguid` is not a UUID
 * @example
 * const authenticator = createSoftAuthenticator({ algorithm: "ES256", attestation: "packed" })
 * const registration = await authenticator.register(creationOptions, { origin: "http://localhost:3000" })
 * const assertion = await authenticator.authenticate(requestOptions, { origin: "http://localhost:3000" })
 */
export function createSoftAuthenticator(options: SoftAuthenticatorOptions): SoftAuthenticator {
  const settings = resolveOptions(options)
  const stored: StoredCredential[] = []

  return {
    async register(creation, context) {
      const rpId = context.rpId ?? creation.rp.id ?? new URL(context.origin).hostname
      assertAlgorithmOffered(creation, settings.algorithm)
      const excluded = new Set((creation.excludeCredentials ?? []).map(({ id }) => id))
      if (stored.some((credential) => credential.rpId === rpId && excluded.has(credential.id))) {
        throw new DOMException(
          "The authenticator already holds an excluded credential.",
          "InvalidStateError",
        )
      }
      const rawId = crypto.getRandomValues(new Uint8Array(CREDENTIAL_ID_BYTES))
      const credential: StoredCredential = {
        rawId,
        id: toBase64Url(rawId),
        rpId,
        userHandle: toBase64Url(fromBase64Url(creation.user.id)),
        userName: creation.user.name,
        key: await generateCredentialKey(settings.algorithm),
        counter: 0,
      }
      const response = await createRegistrationResponse(credential, {
        challenge: creation.challenge,
        origin: context.origin,
        flags: flags(settings, context),
        attestation: settings.attestation,
        aaguid: settings.aaguid,
        // Clients report credProps only when the options ask for it; every credential here is
        // discoverable. https://w3c.github.io/webauthn/#sctn-authenticator-credential-properties-extension
        clientExtensionResults: creation.extensions?.credProps ? { credProps: { rk: true } } : {},
      })
      stored.push(credential)
      return response
    },

    async authenticate(request, context) {
      const rpId = context.rpId ?? request.rpId ?? new URL(context.origin).hostname
      const credential = selectCredential(stored, request, rpId, context.credentialId)
      if (settings.signCount === "increment") credential.counter = (credential.counter + 1) >>> 0
      return createAuthenticationResponse(credential, {
        challenge: request.challenge,
        origin: context.origin,
        rpId,
        flags: flags(settings, context),
      })
    },

    credentials: () =>
      stored.map(({ id, rpId, userHandle, userName, key, counter }) => ({
        id,
        rpId,
        userHandle,
        userName,
        algorithm: key.algorithm,
        publicKey: key.cosePublicKey.slice(),
        counter,
      })),

    setCounter(credentialId, counter) {
      if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff) {
        throw new RangeError(`A signature counter is a uint32; got ${counter}.`)
      }
      const credential = stored.find((candidate) => candidate.id === credentialId)
      if (!credential) {
        throw new RangeError(`The soft authenticator has no credential ${credentialId}.`)
      }
      credential.counter = counter
    },
  }
}

interface ResolvedSoftAuthenticatorOptions {
  readonly algorithm: SoftAlgorithm
  readonly attestation: SoftAttestation
  readonly userVerified: boolean
  readonly backupFlags: number
  readonly signCount: "increment" | "zero"
  readonly aaguid: Bytes
}

function resolveOptions(options: SoftAuthenticatorOptions): ResolvedSoftAuthenticatorOptions {
  const { backupEligible = false, backedUp = false, aaguid = SOFT_AUTHENTICATOR_AAGUID } = options
  if (backedUp && !backupEligible) {
    throw new TypeError(
      "backedUp needs backupEligible: authenticator data cannot set BS without BE.",
    )
  }
  const hex = aaguid.replace(/-/g, "")
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new TypeError(`aaguid is not a UUID: "${aaguid}".`)
  return {
    algorithm: options.algorithm,
    attestation: options.attestation ?? "none",
    userVerified: options.userVerified ?? true,
    backupFlags:
      (backupEligible ? AUTHENTICATOR_DATA_FLAGS.backupEligible : 0) |
      (backedUp ? AUTHENTICATOR_DATA_FLAGS.backedUp : 0),
    signCount: options.signCount ?? "increment",
    aaguid: Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16)),
  }
}

function assertAlgorithmOffered(
  creation: PublicKeyCredentialCreationOptionsJSON,
  algorithm: SoftAlgorithm,
): void {
  const offered =
    creation.pubKeyCredParams.length > 0
      ? creation.pubKeyCredParams.filter(({ type }) => type === "public-key").map(({ alg }) => alg)
      : DEFAULT_ALGORITHMS
  if (!offered.includes(COSE_ALGORITHM[algorithm])) {
    throw new DOMException(
      `The relying party does not offer ${algorithm} (COSE ${COSE_ALGORITHM[algorithm]}) in pubKeyCredParams.`,
      "NotSupportedError",
    )
  }
}

function selectCredential(
  stored: readonly StoredCredential[],
  request: PublicKeyCredentialRequestOptionsJSON,
  rpId: string,
  credentialId: string | undefined,
): StoredCredential {
  const allowed = (request.allowCredentials ?? []).map(({ id }) => id)
  const candidates = stored.filter(
    (credential) =>
      (credentialId === undefined ? credential.rpId === rpId : credential.id === credentialId) &&
      (allowed.length === 0 || allowed.includes(credential.id)),
  )
  const credential = candidates[0]
  if (!credential) {
    throw new DOMException(
      `No credential of the soft authenticator fits RP ID "${rpId}".`,
      "NotAllowedError",
    )
  }
  return credential
}

/** UP always (the soft user is present), UV as configured for the ceremony, BE and BS. */
function flags(settings: ResolvedSoftAuthenticatorOptions, context: CeremonyContext): number {
  const userVerified = context.userVerified ?? settings.userVerified
  return (
    AUTHENTICATOR_DATA_FLAGS.userPresent |
    (userVerified ? AUTHENTICATOR_DATA_FLAGS.userVerified : 0) |
    settings.backupFlags
  )
}
