/**
 * The recorded vectors verify with @simplewebauthn/server 14, the library core's passkey support
 * uses, and each check it makes fails a vector bent the matching way. Then the soft
 * authenticator is run live, fresh challenges each time, for every algorithm and format.
 *
 * What failure looks like in @simplewebauthn/server 14: a wrong origin, RP ID or challenge and a
 * counter that did not increase make the verify functions throw (so does a missing UV flag, see
 * soft-authenticator.test.ts); a signature that does not verify makes them resolve
 * `{ verified: false }`.
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server"
import { decodeAttestationObject } from "@simplewebauthn/server/helpers"
import { describe, expect, it } from "vitest"
import { fromBase64Url, toBase64Url, utf8 } from "./bytes.js"
import { type CborMap, encodeCbor } from "./cbor.js"
import { COSE_ALGORITHM, createSoftAuthenticator } from "./soft-authenticator.js"
import {
  readVector,
  recordVector,
  VECTOR_CASES,
  VECTOR_ORIGIN,
  VECTOR_RP_ID,
  type VectorCase,
  type WebAuthnVector,
} from "./vectors.js"

const named = VECTOR_CASES.map((vectorCase) => ({
  ...vectorCase,
  name: `${vectorCase.attestation} ${vectorCase.algorithm}`,
}))

/** The registration checks a passkey relying party makes. */
function verifyRegistration(
  vector: WebAuthnVector,
  overrides: {
    response?: RegistrationResponseJSON
    origin?: string
    rpId?: string
    challenge?: string
  } = {},
) {
  return verifyRegistrationResponse({
    response: overrides.response ?? vector.registration.response,
    expectedChallenge: overrides.challenge ?? vector.registration.challenge,
    expectedOrigin: overrides.origin ?? vector.origin,
    expectedRPID: overrides.rpId ?? vector.rpId,
    requireUserVerification: true,
  })
}

/** The stored credential a verified registration yields. */
async function registeredCredential(vector: WebAuthnVector): Promise<WebAuthnCredential> {
  const { verified, registrationInfo } = await verifyRegistration(vector)
  if (!verified)
    throw new Error(`The ${vector.attestation} ${vector.algorithm} registration did not verify.`)
  return registrationInfo.credential
}

/** The authentication checks a passkey relying party makes, with the registered credential. */
async function verifyAuthentication(
  vector: WebAuthnVector,
  overrides: {
    response?: AuthenticationResponseJSON
    origin?: string
    rpId?: string
    challenge?: string
    counter?: number
  } = {},
) {
  const credential = await registeredCredential(vector)
  return verifyAuthenticationResponse({
    response: overrides.response ?? vector.authentication.response,
    expectedChallenge: overrides.challenge ?? vector.authentication.challenge,
    expectedOrigin: overrides.origin ?? vector.origin,
    expectedRPID: overrides.rpId ?? vector.rpId,
    credential: { ...credential, counter: overrides.counter ?? credential.counter },
    requireUserVerification: true,
  })
}

/** Flips one bit in the middle of a base64url value (inside r for DER ECDSA signatures). */
function flipBit(value: string, index = 10): string {
  const bytes = fromBase64Url(value)
  bytes[index]! ^= 0x01
  return toBase64Url(bytes)
}

describe.each(named)("recorded vector: $name", (vectorCase) => {
  const vector = readVector(vectorCase)

  it("was recorded on the vector origin and RP ID", () => {
    expect([vector.origin, vector.rpId]).toEqual([VECTOR_ORIGIN, VECTOR_RP_ID])
    expect(vector.authentication.response.response.userHandle).toBe(vector.userId)
  })

  it("registers: verified, with the format, algorithm, UV and a zero counter", async () => {
    const result = await verifyRegistration(vector)
    expect(result.verified).toBe(true)
    expect(result.registrationInfo).toMatchObject({
      fmt: vector.attestation,
      userVerified: true,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: false,
      origin: VECTOR_ORIGIN,
      rpID: VECTOR_RP_ID,
      credential: { id: vector.registration.response.id, counter: 0, transports: ["internal"] },
    })
    expect(vector.registration.response.response.publicKeyAlgorithm).toBe(
      COSE_ALGORITHM[vector.algorithm],
    )
  })

  it("authenticates: verified, with the expected new counter", async () => {
    const result = await verifyAuthentication(vector)
    expect(result.verified).toBe(true)
    expect(result.authenticationInfo).toMatchObject({
      credentialID: vector.authentication.response.id,
      newCounter: vector.authentication.expectedNewCounter,
      userVerified: true,
      rpID: VECTOR_RP_ID,
    })
    expect(vector.authentication.expectedNewCounter).toBe(1)
  })

  it("registration from another origin: throws", async () => {
    await expect(verifyRegistration(vector, { origin: "https://evil.example" })).rejects.toThrow(
      /Unexpected registration response origin "http:\/\/localhost:3000"/,
    )
  })

  it("registration for another RP ID: throws", async () => {
    await expect(verifyRegistration(vector, { rpId: "example.com" })).rejects.toThrow(
      "Unexpected RP ID hash",
    )
  })

  it("registration with another challenge: throws", async () => {
    const challenge = toBase64Url(utf8("another challenge"))
    await expect(verifyRegistration(vector, { challenge })).rejects.toThrow(
      /Unexpected registration response challenge/,
    )
  })

  it("authentication from another origin: throws", async () => {
    await expect(verifyAuthentication(vector, { origin: "https://evil.example" })).rejects.toThrow(
      /Unexpected authentication response origin "http:\/\/localhost:3000"/,
    )
  })

  it("authentication for another RP ID: throws", async () => {
    await expect(verifyAuthentication(vector, { rpId: "example.com" })).rejects.toThrow(
      "Unexpected RP ID hash",
    )
  })

  it("authentication with another challenge: throws", async () => {
    const challenge = toBase64Url(utf8("another challenge"))
    await expect(verifyAuthentication(vector, { challenge })).rejects.toThrow(
      /Unexpected authentication response challenge/,
    )
  })

  it("authentication with a tampered signature: resolves verified false", async () => {
    const original = vector.authentication.response
    const response = {
      ...original,
      response: { ...original.response, signature: flipBit(original.response.signature) },
    }
    const result = await verifyAuthentication(vector, { response })
    expect(result.verified).toBe(false)
  })

  it("authentication whose counter did not increase: throws", async () => {
    const counter = vector.authentication.expectedNewCounter
    await expect(verifyAuthentication(vector, { counter })).rejects.toThrow(
      `Response counter value ${counter} was lower than expected ${counter}`,
    )
  })
})

describe.each(named.filter(({ attestation }) => attestation === "packed"))(
  "recorded vector: $name, attestation statement",
  (vectorCase) => {
    it("registration with a tampered attestation signature: resolves verified false", async () => {
      const vector = readVector(vectorCase)
      const original = vector.registration.response
      const decoded = decodeAttestationObject(fromBase64Url(original.response.attestationObject))
      const sig = decoded.get("attStmt").get("sig")
      const alg = decoded.get("attStmt").get("alg")
      if (!sig || alg === undefined) throw new Error("A packed vector has no sig or alg.")
      const attestationObject: CborMap = new Map<string, CborMap | string | Uint8Array>([
        ["fmt", decoded.get("fmt")],
        [
          "attStmt",
          new Map<string, number | Uint8Array>([
            ["alg", alg],
            ["sig", fromBase64Url(flipBit(toBase64Url(sig)))],
          ]),
        ],
        ["authData", decoded.get("authData")],
      ])
      const response = {
        ...original,
        response: {
          ...original.response,
          attestationObject: toBase64Url(encodeCbor(attestationObject)),
        },
      }
      const result = await verifyRegistration(vector, { response })
      expect(result.verified).toBe(false)
    })
  },
)

describe.each(named)("live soft authenticator: $name", (vectorCase: VectorCase) => {
  it("records a vector that verifies like the stored ones", async () => {
    const vector = await recordVector(vectorCase)
    expect((await verifyRegistration(vector)).verified).toBe(true)
    const result = await verifyAuthentication(vector)
    expect(result.verified).toBe(true)
    expect(result.authenticationInfo.newCounter).toBe(vector.authentication.expectedNewCounter)
  })

  it("registers, then authenticates twice with fresh challenges and a rising counter", async () => {
    const authenticator = createSoftAuthenticator(vectorCase)
    const creation = await generateRegistrationOptions({
      rpName: "Live",
      rpID: VECTOR_RP_ID,
      userName: "live@example.com",
      attestationType: vectorCase.attestation === "packed" ? "direct" : "none",
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    })
    const registration = await verifyRegistrationResponse({
      response: await authenticator.register(creation, { origin: VECTOR_ORIGIN }),
      expectedChallenge: creation.challenge,
      expectedOrigin: VECTOR_ORIGIN,
      expectedRPID: VECTOR_RP_ID,
      requireUserVerification: true,
    })
    if (!registration.verified) throw new Error("The live registration did not verify.")
    expect(registration.registrationInfo.fmt).toBe(vectorCase.attestation)
    let credential = registration.registrationInfo.credential

    for (const expectedCounter of [1, 2]) {
      // Discoverable: no allowCredentials, the authenticator picks the credential.
      const request = await generateAuthenticationOptions({
        rpID: VECTOR_RP_ID,
        userVerification: "required",
      })
      const response = await authenticator.authenticate(request, { origin: VECTOR_ORIGIN })
      expect(response.response.userHandle).toBe(creation.user.id)
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: request.challenge,
        expectedOrigin: VECTOR_ORIGIN,
        expectedRPID: VECTOR_RP_ID,
        credential,
        requireUserVerification: true,
      })
      expect(result.verified).toBe(true)
      expect(result.authenticationInfo.newCounter).toBe(expectedCounter)
      credential = { ...credential, counter: result.authenticationInfo.newCounter }
    }
  })
})
