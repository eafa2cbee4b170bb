/**
 * Recorded WebAuthn ceremonies: for each attestation format (`none`, `packed`) and algorithm
 * (ES256, RS256, EdDSA), one registration and one authentication made by a soft authenticator
 * against options from `@simplewebauthn/server`, stored as JSON in `vectors/`. They pin the
 * wire format that core's passkey endpoints must accept; `record-vectors.ts` writes them anew.
 */
import { readFileSync } from "node:fs"
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server"
import { utf8 } from "./bytes.js"
import {
  COSE_ALGORITHM,
  createSoftAuthenticator,
  type SoftAlgorithm,
  type SoftAttestation,
} from "./soft-authenticator.js"

/** The origin every vector was made on. */
export const VECTOR_ORIGIN = "http://localhost:3000"
/** The RP ID every vector was made for. */
export const VECTOR_RP_ID = "localhost"
/** The user every vector registers: `user.id` is these bytes, `user.name` the e-mail. */
export const VECTOR_USER = { id: "vector-user", name: "vector@example.com" } as const

/** Which authenticator made a vector. */
export interface VectorCase {
  readonly attestation: SoftAttestation
  readonly algorithm: SoftAlgorithm
}

/** Every recorded case: each attestation format with each algorithm. */
export const VECTOR_CASES: readonly VectorCase[] = (["none", "packed"] as const).flatMap(
  (attestation) =>
    (["ES256", "RS256", "EdDSA"] as const).map((algorithm) => ({ attestation, algorithm })),
)

/** One recorded registration and the authentication that followed it. */
export interface WebAuthnVector extends VectorCase {
  readonly origin: string
  readonly rpId: string
  /** The registration's `user.id`, base64url: the assertion's `userHandle`. */
  readonly userId: string
  readonly registration: {
    /** The registration options' challenge, base64url. */
    readonly challenge: string
    readonly response: RegistrationResponseJSON
  }
  readonly authentication: {
    /** The authentication options' challenge, base64url. */
    readonly challenge: string
    readonly response: AuthenticationResponseJSON
    /** The signature counter the assertion reports (the registration reported 0). */
    readonly expectedNewCounter: number
  }
}

/** The file of a case, e.g. `vectors/packed-es256.json`. */
export function vectorFile(vectorCase: VectorCase): URL {
  const name = `${vectorCase.attestation}-${vectorCase.algorithm.toLowerCase()}.json`
  return new URL(`./vectors/${name}`, import.meta.url)
}

/**
 * Reads the recorded vector of a case.
 *
 * @throws {TypeError} when the file is not a vector of that case
 */
export function readVector(vectorCase: VectorCase): WebAuthnVector {
  const file = vectorFile(vectorCase)
  const vector = parseVector(JSON.parse(readFileSync(file, "utf8")), file.pathname)
  if (vector.attestation !== vectorCase.attestation || vector.algorithm !== vectorCase.algorithm) {
    throw new TypeError(
      `${file.pathname} holds a ${vector.attestation} ${vector.algorithm} vector.`,
    )
  }
  return vector
}

/**
 * Records a fresh vector of a case: a new soft authenticator registers with options from
 * `generateRegistrationOptions()` (attestation `direct` for `packed`, resident key and user
 * verification required, only the case's algorithm offered), then authenticates once with
 * options from `generateAuthenticationOptions()` allowing that credential.
 */
export async function recordVector(vectorCase: VectorCase): Promise<WebAuthnVector> {
  const authenticator = createSoftAuthenticator(vectorCase)
  const creation = await generateRegistrationOptions({
    rpName: "Auth.js WebAuthn vectors",
    rpID: VECTOR_RP_ID,
    userID: utf8(VECTOR_USER.id),
    userName: VECTOR_USER.name,
    attestationType: vectorCase.attestation === "packed" ? "direct" : "none",
    supportedAlgorithmIDs: [COSE_ALGORITHM[vectorCase.algorithm]],
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  })
  const registration = await authenticator.register(creation, { origin: VECTOR_ORIGIN })
  const request = await generateAuthenticationOptions({
    rpID: VECTOR_RP_ID,
    allowCredentials: [{ id: registration.id, transports: ["internal"] }],
    userVerification: "required",
  })
  const authentication = await authenticator.authenticate(request, { origin: VECTOR_ORIGIN })
  const [credential] = authenticator.credentials()
  return {
    ...vectorCase,
    origin: VECTOR_ORIGIN,
    rpId: VECTOR_RP_ID,
    userId: creation.user.id,
    registration: { challenge: creation.challenge, response: registration },
    authentication: {
      challenge: request.challenge,
      response: authentication,
      expectedNewCounter: credential?.counter ?? 0,
    },
  }
}

type JsonObject = Readonly<Record<string, unknown>>

function parseVector(json: unknown, source: string): WebAuthnVector {
  const vector = object(json, source)
  const registration = object(vector.registration, `${source}: registration`)
  const authentication = object(vector.authentication, `${source}: authentication`)
  return {
    attestation: oneOf(vector.attestation, ["none", "packed"], `${source}: attestation`),
    algorithm: oneOf(vector.algorithm, ["ES256", "RS256", "EdDSA"], `${source}: algorithm`),
    origin: text(vector.origin, `${source}: origin`),
    rpId: text(vector.rpId, `${source}: rpId`),
    userId: text(vector.userId, `${source}: userId`),
    registration: {
      challenge: text(registration.challenge, `${source}: registration.challenge`),
      response: parseRegistrationResponse(registration.response, `${source}: registration`),
    },
    authentication: {
      challenge: text(authentication.challenge, `${source}: authentication.challenge`),
      response: parseAuthenticationResponse(authentication.response, `${source}: authentication`),
      expectedNewCounter: counter(
        authentication.expectedNewCounter,
        `${source}: authentication.expectedNewCounter`,
      ),
    },
  }
}

function parseRegistrationResponse(json: unknown, where: string): RegistrationResponseJSON {
  const credential = parseCredential(json, where)
  const response = object(credential.json.response, `${where}.response`)
  const transports = response.transports
  return {
    ...credential.fields,
    response: {
      clientDataJSON: text(response.clientDataJSON, `${where}.response.clientDataJSON`),
      attestationObject: text(response.attestationObject, `${where}.response.attestationObject`),
      ...optional(response, "authenticatorData", text, `${where}.response`),
      ...optional(response, "publicKey", text, `${where}.response`),
      ...optional(response, "publicKeyAlgorithm", integer, `${where}.response`),
      ...(transports === undefined
        ? {}
        : { transports: list(transports, `${where}.response.transports`) }),
    },
  }
}

function parseAuthenticationResponse(json: unknown, where: string): AuthenticationResponseJSON {
  const credential = parseCredential(json, where)
  const response = object(credential.json.response, `${where}.response`)
  return {
    ...credential.fields,
    response: {
      clientDataJSON: text(response.clientDataJSON, `${where}.response.clientDataJSON`),
      authenticatorData: text(response.authenticatorData, `${where}.response.authenticatorData`),
      signature: text(response.signature, `${where}.response.signature`),
      ...optional(response, "userHandle", text, `${where}.response`),
    },
  }
}

/** The fields both response kinds share (`PublicKeyCredential` minus `response`). */
function parseCredential(json: unknown, where: string) {
  const credential = object(json, where)
  const attachment = credential.authenticatorAttachment
  return {
    json: credential,
    fields: {
      id: text(credential.id, `${where}.id`),
      rawId: text(credential.rawId, `${where}.rawId`),
      type: oneOf(credential.type, ["public-key"], `${where}.type`),
      clientExtensionResults: object(
        credential.clientExtensionResults,
        `${where}.clientExtensionResults`,
      ),
      ...(attachment === undefined
        ? {}
        : {
            authenticatorAttachment: oneOf(
              attachment,
              ["platform", "cross-platform"],
              `${where}.authenticatorAttachment`,
            ),
          }),
    },
  }
}

function object(value: unknown, where: string): JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TypeError(`${where} is not a JSON object.`)
  }
  return value as JsonObject
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string") throw new TypeError(`${where} is not a string.`)
  return value
}

function integer(value: unknown, where: string): number {
  if (!Number.isSafeInteger(value)) throw new TypeError(`${where} is not an integer.`)
  return value as number
}

function counter(value: unknown, where: string): number {
  const count = integer(value, where)
  if (count < 0 || count > 0xffffffff) throw new TypeError(`${where} is not a uint32.`)
  return count
}

function list(value: unknown, where: string): string[] {
  if (!Array.isArray(value)) throw new TypeError(`${where} is not an array.`)
  return value.map((item, index) => text(item, `${where}[${index}]`))
}

function oneOf<const T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (!allowed.some((candidate) => candidate === value)) {
    throw new TypeError(`${where} is not one of ${allowed.join(", ")}.`)
  }
  return value as T
}

/** `{ [key]: parse(value) }` when the key is present, `{}` otherwise. */
function optional<K extends string, T>(
  record: JsonObject,
  key: K,
  parse: (value: unknown, where: string) => T,
  where: string,
): { [P in K]?: T } {
  const value = record[key]
  return value === undefined ? {} : ({ [key]: parse(value, `${where}.${key}`) } as { [P in K]?: T })
}
