/**
 * The WebAuthn client's sign-in (`signIn` of `createWebAuthnClient`) against a fake server and a
 * stubbed `navigator.credentials`, so that `@simplewebauthn/browser` runs for real up to the
 * authenticator.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { json } from "../../test/support/routed-fetch.js"
import {
  API,
  BASE_PATH,
  base64url,
  CSRF,
  domException,
  fakeServer,
  ORIGIN,
  openClient,
  registrationOptions,
  stubWebAuthn,
  USER,
} from "../../test/support/webauthn-client.js"
import { createWebAuthnClient } from "./webauthn.js"
import { classifyCeremonyError, parseWebAuthnOptions } from "./webauthn-sign-in.js"

beforeEach(() => {
  stubWebAuthn()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("signIn", () => {
  it("authenticates: options with the fields as query, the ceremony, then the callback form", async () => {
    const server = fakeServer()
    const { webauthn, navigations, errors } = openClient(server)
    const { get } = stubWebAuthn()

    const result = await webauthn.signIn("passkey", {
      email: USER.email,
      redirectTo: `${ORIGIN}/dashboard`,
      redirect: false,
    })

    expect(result).toEqual({
      error: undefined,
      code: undefined,
      status: 200,
      ok: true,
      url: `${ORIGIN}/dashboard`,
    })
    expect(navigations).toEqual([])
    expect(errors).toEqual([])
    const options = new URL(server.find("GET", "/webauthn-options/passkey")?.url ?? "")
    expect([...options.searchParams]).toEqual([["email", USER.email]])
    const publicKey = get.mock.calls[0]?.[0].publicKey
    expect(new Uint8Array(publicKey?.challenge as ArrayBuffer)).toEqual(
      new TextEncoder().encode("challenge"),
    )
    expect(publicKey?.rpId).toBe("app.test")

    const post = server.find("POST", "/callback/passkey")
    expect(post?.headers.get("x-auth-return-redirect")).toBe("1")
    expect(post?.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
    const form = new URLSearchParams(await post?.text())
    expect([...form.keys()].sort()).toEqual(["action", "callbackUrl", "csrfToken", "data", "email"])
    expect(form.get("action")).toBe("authenticate")
    expect(form.get("csrfToken")).toBe(CSRF)
    expect(form.get("callbackUrl")).toBe(`${ORIGIN}/dashboard`)
    expect(JSON.parse(form.get("data") ?? "")).toEqual({
      id: "Y3JlZC0x",
      rawId: base64url("cred-1"),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        authenticatorData: base64url("authenticator-data"),
        clientDataJSON: base64url('{"type":"webauthn.get"}'),
        signature: base64url("signature"),
        userHandle: base64url("user-1"),
      },
    })
  })

  it("registers when the server says so, posting the attestation", async () => {
    const server = fakeServer()
    const { webauthn } = openClient(server)
    const { get, create } = stubWebAuthn()

    const result = await webauthn.signIn("passkey", {
      email: "new@example.test",
      redirect: false,
    })

    expect(result?.ok).toBe(true)
    expect(get).not.toHaveBeenCalled()
    expect(new Uint8Array(create.mock.calls[0]?.[0].publicKey?.user.id as ArrayBuffer)).toEqual(
      new TextEncoder().encode("user-1"),
    )
    const form = new URLSearchParams(await server.find("POST", "/callback/passkey")?.text())
    expect(form.get("action")).toBe("register")
    expect(JSON.parse(form.get("data") ?? "").response).toMatchObject({
      attestationObject: base64url("attestation-object"),
      transports: ["usb"],
    })
  })

  it("passes action=register on (a new passkey for the signed-in user); the server's action is posted", async () => {
    const server = fakeServer({
      "GET /webauthn-options/passkey": () =>
        json({ action: "register", options: registrationOptions() }),
    })
    const { webauthn } = openClient(server)

    await webauthn.signIn("passkey", { action: "register", redirect: false })

    const options = new URL(server.find("GET", "/webauthn-options/passkey")?.url ?? "")
    expect(options.search).toBe("?action=register")
    const form = new URLSearchParams(await server.find("POST", "/callback/passkey")?.text())
    expect(form.getAll("action")).toEqual(["register"])
  })

  it("navigates to the returned URL by default, and sends authorizationParams in the query", async () => {
    const server = fakeServer()
    const { webauthn, navigations } = openClient(server)

    const result = await webauthn.signIn("passkey", {}, { prompt: "login" })

    expect(result).toBeUndefined()
    expect(navigations).toEqual([`${ORIGIN}/dashboard`])
    const post = new URL(server.find("POST", "/callback/passkey")?.url ?? "")
    expect(post.search).toBe("?prompt=login")
    const form = new URLSearchParams(await server.find("POST", "/callback/passkey")?.text())
    expect(form.get("callbackUrl")).toBe(`${ORIGIN}/page`)
  })

  it("refreshes the client's session stores and tells the other tabs after signing in", async () => {
    const server = fakeServer()
    const broadcastChannel = `webauthn-test-${Math.random()}`
    const listener = new BroadcastChannel(broadcastChannel)
    const heard = new Promise<unknown>((resolve) => {
      listener.onmessage = (event) => resolve(event.data)
    })
    const { client, webauthn } = openClient(server, { broadcastChannel })
    const store = client.createSessionStore({ session: null })
    const stop = store.subscribe(() => {})

    await webauthn.signIn("passkey", { redirect: false })

    expect(store.get()).toEqual({
      data: { user: USER, expires: "2099-01-01" },
      status: "authenticated",
    })
    expect(await heard).toEqual({ event: "session", data: { trigger: "signin" } })
    stop()
    listener.close()
  })

  it("reports an error of the callback without refreshing anything", async () => {
    const server = fakeServer({
      "POST /callback/passkey": () =>
        json({ url: `${ORIGIN}${BASE_PATH}/error?error=WebAuthnVerificationError` }),
    })
    const { webauthn } = openClient(server)

    const result = await webauthn.signIn("passkey", { redirect: false })

    expect(result).toEqual({
      error: "WebAuthnVerificationError",
      code: undefined,
      status: 200,
      ok: false,
      url: null,
    })
    expect(server.find("GET", "/session")).toBeUndefined()
  })

  it.each([
    ["NotAllowedError", { redirect: false }],
    ["NotAllowedError", {}],
    ["AbortError", {}],
  ])(
    "resolves a prompt closed with %s as WebAuthnCancelled, never navigating or posting (%o)",
    async (name, options) => {
      const server = fakeServer()
      const { webauthn, navigations, errors } = openClient(server)
      stubWebAuthn({ get: () => Promise.reject(domException(name)) })

      const result = await webauthn.signIn("passkey", options)

      expect(result).toEqual({
        error: "WebAuthnCancelled",
        code: name,
        status: 0,
        ok: false,
        url: null,
      })
      expect(navigations).toEqual([])
      expect(server.find("POST", "/callback/passkey")).toBeUndefined()
      expect(errors).toEqual([])
    },
  )

  it("resolves another failure of the authenticator as WebAuthnError with its code, logged", async () => {
    const server = fakeServer()
    const { webauthn, errors } = openClient(server)
    stubWebAuthn({ create: () => Promise.reject(domException("InvalidStateError")) })

    const result = await webauthn.signIn("passkey", { email: "new@example.test" })

    expect(result).toEqual({
      error: "WebAuthnError",
      code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
      status: 0,
      ok: false,
      url: null,
    })
    expect(errors.map((error) => error.message)).toEqual([
      "The authenticator was previously registered",
    ])
  })

  it("resolves WebAuthnUnsupported without asking the server when the browser has no WebAuthn", async () => {
    const server = fakeServer()
    const { webauthn } = openClient(server)
    vi.stubGlobal("PublicKeyCredential", undefined)

    const result = await webauthn.signIn("passkey", { redirect: false })

    expect(result).toMatchObject({ error: "WebAuthnUnsupported", ok: false, status: 0 })
    expect(server.find("GET", "/webauthn-options/passkey")).toBeUndefined()
  })

  it("resolves undefined and logs the server's error when there are no options", async () => {
    const server = fakeServer({
      "GET /webauthn-options/passkey": () => json({ error: "Invalid request" }, 400),
    })
    const { webauthn, errors, navigations } = openClient(server)

    expect(await webauthn.signIn("passkey", { redirect: false })).toBeUndefined()
    expect(errors.map((error) => error.message)).toEqual([
      "GET webauthn-options/passkey answered 400: Invalid request.",
    ])
    expect(navigations).toEqual([])
    expect(server.find("POST", "/callback/passkey")).toBeUndefined()
  })

  it("resolves undefined and logs when the options request fails", async () => {
    const server = fakeServer({
      "GET /webauthn-options/passkey": () => Promise.reject(new TypeError("offline")),
    })
    const { webauthn, errors } = openClient(server)

    expect(await webauthn.signIn("passkey")).toBeUndefined()
    expect(errors[0]?.message).toBe("GET webauthn-options/passkey failed.")
    expect(errors[0]?.cause).toEqual(new TypeError("offline"))
  })

  it("throws a TypeError for a provider of another type", async () => {
    const { webauthn } = openClient(fakeServer())
    await expect(webauthn.signIn("credentials")).rejects.toThrow(TypeError)
  })

  it("goes to the sign-in page without a provider or with an unknown one, to the error page without providers", async () => {
    const { webauthn, navigations } = openClient(fakeServer())
    expect(await webauthn.signIn()).toBeUndefined()
    expect(await webauthn.signIn("nope", { redirectTo: "/back" })).toBeUndefined()
    const broken = openClient(fakeServer({ "GET /providers": () => json({}, 500) }))
    await broken.webauthn.signIn("passkey")

    expect(navigations).toEqual([
      `${API}/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/page`)}`,
      `${API}/signin?callbackUrl=%2Fback`,
    ])
    expect(broken.navigations).toEqual([`${API}/error`])
  })

  it("is refused by the base client's signIn", async () => {
    const { client } = openClient(fakeServer())
    await expect(client.signIn("passkey")).rejects.toThrow(
      'Provider "passkey" is a WebAuthn provider',
    )
  })
})

describe("createWebAuthnClient", () => {
  it("needs a client made by createAuthClient", () => {
    const { client } = openClient(fakeServer())
    expect(() => createWebAuthnClient({ ...client })).toThrow(TypeError)
  })
})

describe("classifyCeremonyError", () => {
  it("tells cancellations from failures", () => {
    expect(classifyCeremonyError(domException("NotAllowedError"))).toEqual({
      error: "WebAuthnCancelled",
      code: "NotAllowedError",
    })
    expect(classifyCeremonyError(domException("SecurityError"))).toEqual({
      error: "WebAuthnError",
      code: "SecurityError",
    })
    expect(classifyCeremonyError("string")).toEqual({ error: "WebAuthnError", code: undefined })
  })
})

describe("parseWebAuthnOptions", () => {
  it("accepts the two ceremonies and nothing else", () => {
    expect(parseWebAuthnOptions({ action: "authenticate", options: { challenge: "x" } })).toEqual({
      action: "authenticate",
      options: { challenge: "x" },
    })
    expect(
      parseWebAuthnOptions({ action: "register", options: registrationOptions() })?.action,
    ).toBe("register")
    expect(
      parseWebAuthnOptions({ action: "register", options: { challenge: "x" } }),
    ).toBeUndefined()
    expect(parseWebAuthnOptions({ action: "other", options: { challenge: "x" } })).toBeUndefined()
    expect(parseWebAuthnOptions({ action: "authenticate", options: {} })).toBeUndefined()
    expect(parseWebAuthnOptions(null)).toBeUndefined()
  })
})
