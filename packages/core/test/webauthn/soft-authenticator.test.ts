/**
 * What the soft authenticator writes, read back with @simplewebauthn/server's own parsers, and
 * how it behaves where a test relies on it: flags, credential choice, the counter, and the
 * forgeries it allows. Server outcomes are as in @simplewebauthn/server 14 (see vectors.test.ts).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from "@simplewebauthn/server"
import {
  convertAAGUIDToString,
  decodeAttestationObject,
  decodeClientDataJSON,
  parseAuthenticatorData,
} from "@simplewebauthn/server/helpers"
import { describe, expect, it } from "vitest"
import { fromBase64Url, sha256, toBase64Url, utf8 } from "./bytes.js"
import {
  COSE_ALGORITHM,
  createSoftAuthenticator,
  SOFT_AUTHENTICATOR_AAGUID,
  type SoftAuthenticator,
  type SoftAuthenticatorOptions,
} from "./soft-authenticator.js"

const ORIGIN = "http://localhost:3000"
const RP_ID = "localhost"

function creationOptions(
  overrides: Partial<Parameters<typeof generateRegistrationOptions>[0]> = {},
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: "Soft",
    rpID: RP_ID,
    userName: "ada@example.com",
    userID: utf8("user-ada"),
    supportedAlgorithmIDs: [COSE_ALGORITHM.ES256, COSE_ALGORITHM.RS256, COSE_ALGORITHM.EdDSA],
    ...overrides,
  })
}

/** Registers through the server's verification and returns the credential it would store. */
async function register(
  authenticator: SoftAuthenticator,
  verify: { requireUserVerification?: boolean } = {},
): Promise<WebAuthnCredential> {
  const creation = await creationOptions()
  const result = await verifyRegistrationResponse({
    response: await authenticator.register(creation, { origin: ORIGIN }),
    expectedChallenge: creation.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    requireUserVerification: verify.requireUserVerification ?? true,
  })
  if (!result.verified) throw new Error("The registration did not verify.")
  return result.registrationInfo.credential
}

/** Authenticates with `credential` and verifies with the server, requiring user verification. */
async function authenticate(
  authenticator: SoftAuthenticator,
  credential: WebAuthnCredential,
  context: { rpId?: string; credentialId?: string; userVerified?: boolean } = {},
) {
  const request = await generateAuthenticationOptions({
    rpID: RP_ID,
    allowCredentials: [{ id: credential.id }],
  })
  return verifyAuthenticationResponse({
    response: await authenticator.authenticate(request, { origin: ORIGIN, ...context }),
    expectedChallenge: request.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: RP_ID,
    credential,
    requireUserVerification: true,
  })
}

function parse(response: RegistrationResponseJSON) {
  const attestation = decodeAttestationObject(fromBase64Url(response.response.attestationObject))
  return {
    fmt: attestation.get("fmt"),
    attStmt: attestation.get("attStmt"),
    authData: parseAuthenticatorData(attestation.get("authData")),
    clientData: decodeClientDataJSON(response.response.clientDataJSON),
  }
}

describe("soft authenticator registration", () => {
  it("writes client data, authenticator data and the attestation object as a platform passkey", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "ES256", attestation: "packed" })
    const creation = await creationOptions()
    const response = await authenticator.register(creation, { origin: ORIGIN })
    const { fmt, attStmt, authData, clientData } = parse(response)

    expect(clientData).toEqual({
      type: "webauthn.create",
      challenge: creation.challenge,
      origin: ORIGIN,
      crossOrigin: false,
    })
    expect(authData.rpIdHash).toEqual(await sha256(utf8(RP_ID)))
    expect(authData.flags).toMatchObject({
      up: true,
      uv: true,
      be: false,
      bs: false,
      at: true,
      ed: false,
    })
    expect(authData.counter).toBe(0)
    expect(convertAAGUIDToString(authData.aaguid!)).toBe(SOFT_AUTHENTICATOR_AAGUID)
    expect(toBase64Url(authData.credentialID!)).toBe(response.id)
    expect(fmt).toBe("packed")
    expect(attStmt.get("alg")).toBe(COSE_ALGORITHM.ES256)
    expect(attStmt.get("x5c")).toBeUndefined()
    expect(response).toMatchObject({
      rawId: response.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      response: { transports: ["internal"], publicKeyAlgorithm: -7 },
      // generateRegistrationOptions() asks for credProps.
      clientExtensionResults: { credProps: { rk: true } },
    })
    expect(fromBase64Url(response.id)).toHaveLength(16)
  })

  it("reports credProps only when the options ask for it, as clients do", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "ES256" })
    const { extensions: _, ...creation } = await creationOptions()
    const response = await authenticator.register(creation, { origin: ORIGIN })
    expect(response.clientExtensionResults).toEqual({})
    expect(parse(response).fmt).toBe("none")
    expect(parse(response).attStmt.size).toBe(0)
  })

  it("uses the origin's host as RP ID when the options name none, and any RP ID it is given", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "EdDSA" })
    const creation = await creationOptions()
    const { rp } = creation
    const withoutRpId = { ...creation, rp: { name: rp.name } }
    const implicit = await authenticator.register(withoutRpId, {
      origin: "https://app.example:8443",
    })
    expect(parse(implicit).authData.rpIdHash).toEqual(await sha256(utf8("app.example")))
    const forged = await authenticator.register(creation, { origin: ORIGIN, rpId: "bank.example" })
    expect(parse(forged).authData.rpIdHash).toEqual(await sha256(utf8("bank.example")))
    expect(authenticator.credentials().map(({ rpId }) => rpId)).toEqual([
      "app.example",
      "bank.example",
    ])
  })

  it("sets UV as configured: the server throws when it requires UV and UV is missing", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "ES256", userVerified: false })
    await expect(register(authenticator)).rejects.toThrow(
      "User verification was required, but user could not be verified",
    )
    const credential = await register(authenticator, { requireUserVerification: false })
    await expect(authenticate(authenticator, credential)).rejects.toThrow(
      "User verification required, but user could not be verified",
    )
    expect((await authenticate(authenticator, credential, { userVerified: true })).verified).toBe(
      true,
    )
  })

  it("sets BE and BS, which the server reads as a backed-up multi-device credential", async () => {
    const authenticator = createSoftAuthenticator({
      algorithm: "RS256",
      backupEligible: true,
      backedUp: true,
    })
    const creation = await creationOptions()
    const result = await verifyRegistrationResponse({
      response: await authenticator.register(creation, { origin: ORIGIN }),
      expectedChallenge: creation.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: RP_ID,
    })
    expect(result.registrationInfo).toMatchObject({
      credentialDeviceType: "multiDevice",
      credentialBackedUp: true,
    })
  })

  it("refuses options a browser would refuse, with the browser's DOMException names", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "EdDSA" })
    const onlyEs256 = await creationOptions({ supportedAlgorithmIDs: [COSE_ALGORITHM.ES256] })
    await expect(authenticator.register(onlyEs256, { origin: ORIGIN })).rejects.toMatchObject({
      name: "NotSupportedError",
    })
    const first = await authenticator.register(await creationOptions(), { origin: ORIGIN })
    const excluding = await creationOptions({ excludeCredentials: [{ id: first.id }] })
    await expect(authenticator.register(excluding, { origin: ORIGIN })).rejects.toMatchObject({
      name: "InvalidStateError",
    })
  })

  it("throws a TypeError for settings no authenticator has", () => {
    const options: SoftAuthenticatorOptions = { algorithm: "ES256", backedUp: true }
    expect(() => createSoftAuthenticator(options)).toThrow(TypeError)
    expect(() => createSoftAuthenticator({ algorithm: "ES256", aaguid: "nope" })).toThrow(TypeError)
  })
})

describe("soft authenticator authentication", () => {
  it("signs with the allowed credential and sends the user handle", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "ES256" })
    await register(authenticator)
    const second = await register(authenticator)
    const request = await generateAuthenticationOptions({
      rpID: RP_ID,
      allowCredentials: [{ id: second.id }],
    })
    const response = await authenticator.authenticate(request, { origin: ORIGIN })
    expect(response.id).toBe(second.id)
    expect(response.response.userHandle).toBe(toBase64Url(utf8("user-ada")))
    const authData = parseAuthenticatorData(fromBase64Url(response.response.authenticatorData))
    expect(authData.flags).toMatchObject({ up: true, uv: true, at: false })
    expect(decodeClientDataJSON(response.response.clientDataJSON)).toMatchObject({
      type: "webauthn.get",
      challenge: request.challenge,
      origin: ORIGIN,
    })
  })

  it("picks a named credential, and the first discoverable one otherwise", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "EdDSA" })
    const first = await register(authenticator)
    const second = await register(authenticator)
    const request = await generateAuthenticationOptions({ rpID: RP_ID })
    const named = await authenticator.authenticate(request, {
      origin: ORIGIN,
      credentialId: second.id,
    })
    expect(named.id).toBe(second.id)
    expect((await authenticator.authenticate(request, { origin: ORIGIN })).id).toBe(first.id)
  })

  it("throws NotAllowedError when no credential fits the RP ID or allowCredentials", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "ES256" })
    await register(authenticator)
    const elsewhere = await generateAuthenticationOptions({ rpID: "example.com" })
    await expect(authenticator.authenticate(elsewhere, { origin: ORIGIN })).rejects.toMatchObject({
      name: "NotAllowedError",
    })
    const unknown = await generateAuthenticationOptions({
      rpID: RP_ID,
      allowCredentials: [{ id: toBase64Url(utf8("unknown")) }],
    })
    await expect(authenticator.authenticate(unknown, { origin: ORIGIN })).rejects.toMatchObject({
      name: "NotAllowedError",
    })
  })

  it("forges another relying party: a named credential signs for any RP ID, which the server rejects", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "RS256" })
    const credential = await register(authenticator)
    await expect(
      authenticate(authenticator, credential, {
        rpId: "evil.example",
        credentialId: credential.id,
      }),
    ).rejects.toThrow("Unexpected RP ID hash")
  })

  it("moves the counter one per assertion; setCounter rewinds it like a cloned authenticator", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "ES256" })
    let credential = await register(authenticator)
    for (const expected of [1, 2, 3]) {
      const result = await authenticate(authenticator, credential)
      expect(result.authenticationInfo.newCounter).toBe(expected)
      credential = { ...credential, counter: result.authenticationInfo.newCounter }
    }
    expect(authenticator.credentials()[0]?.counter).toBe(3)
    // The clone last signed at 1: its next assertion says 2, below the server's 3.
    authenticator.setCounter(credential.id, 1)
    await expect(authenticate(authenticator, credential)).rejects.toThrow(
      "Response counter value 2 was lower than expected 3",
    )
    expect(() => authenticator.setCounter(credential.id, -1)).toThrow(RangeError)
    expect(() => authenticator.setCounter("unknown", 1)).toThrow(RangeError)
  })

  it('reports 0 every time with signCount "zero", which the server accepts', async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "EdDSA", signCount: "zero" })
    const credential = await register(authenticator)
    for (let i = 0; i < 2; i++) {
      const result = await authenticate(authenticator, credential)
      expect(result).toMatchObject({ verified: true, authenticationInfo: { newCounter: 0 } })
    }
  })

  it("lists its credentials with what a server stores, and no private key", async () => {
    const authenticator = createSoftAuthenticator({ algorithm: "ES256" })
    const credential = await register(authenticator)
    const listed = authenticator.credentials()
    expect(listed).toEqual([
      {
        id: credential.id,
        rpId: RP_ID,
        userHandle: toBase64Url(utf8("user-ada")),
        userName: "ada@example.com",
        algorithm: "ES256",
        publicKey: credential.publicKey,
        counter: 0,
      },
    ])
  })
})
