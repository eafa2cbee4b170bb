/**
 * The WebAuthn client against a fake server (a `fetch` that answers the WebAuthn contract) and a
 * stubbed `navigator.credentials`, so that `@simplewebauthn/browser` runs for real up to the
 * authenticator.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createAuthClient } from "./client.js"
import type { AuthClientOptions } from "./options.js"
import type { Passkey } from "./passkeys.js"
import { createWebAuthnClient } from "./webauthn.js"
import { classifyCeremonyError, parseWebAuthnOptions } from "./webauthn-sign-in.js"

const ORIGIN = "https://app.test"
const BASE_PATH = "/api/auth"
const API = `${ORIGIN}${BASE_PATH}`
const CSRF = "csrf-token"
const CHALLENGE = "Y2hhbGxlbmdl" // base64url("challenge")
const USER = { name: "Ada", email: "ada@example.test" }

const PASSKEY: Passkey = {
  id: "Y3JlZC0x",
  provider: "passkey",
  deviceType: "multiDevice",
  backedUp: true,
  transports: ["internal", "hybrid"],
  createdAt: "2025-01-01T00:00:00.000Z",
  lastUsedAt: null,
}

const PROVIDERS = {
  passkey: { id: "passkey", name: "Passkey", type: "webauthn" },
  credentials: { id: "credentials", name: "Credentials", type: "credentials" },
}

type Handler = (request: Request) => Response | Promise<Response>

const json = (body: unknown, status = 200) => Response.json(body, { status })

/** A fake Auth.js server with WebAuthn: routes by `METHOD path`, records every request. */
function fakeServer(overrides: Record<string, Handler> = {}) {
  const requests: Request[] = []
  let signedIn = false
  const routes: Record<string, Handler> = {
    "GET /providers": () => json(PROVIDERS),
    "GET /csrf": () => json({ csrfToken: CSRF }),
    "GET /session": () => json(signedIn ? { user: USER, expires: "2099-01-01" } : null),
    "GET /webauthn-options/passkey": (request) => {
      const email = new URL(request.url).searchParams.get("email")
      return email === "new@example.test"
        ? json({ action: "register", options: registrationOptions() })
        : json({ action: "authenticate", options: { challenge: CHALLENGE, rpId: "app.test" } })
    },
    "POST /callback/passkey": () => {
      signedIn = true
      return json({ url: `${ORIGIN}/dashboard` })
    },
    "GET /passkeys": () => json({ passkeys: [PASSKEY] }),
    "POST /passkeys/remove": () => json({ passkeys: [] }),
    ...overrides,
  }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    requests.push(request.clone())
    const path = new URL(request.url).pathname.slice(BASE_PATH.length)
    const handler = routes[`${request.method} ${path}`]
    return handler ? handler(request) : json({ error: "Not found" }, 404)
  }
  const find = (method: string, path: string) =>
    requests.find((r) => r.method === method && new URL(r.url).pathname === BASE_PATH + path)
  return { fetch, requests, find }
}

function registrationOptions() {
  return {
    challenge: CHALLENGE,
    rp: { name: "app.test", id: "app.test" },
    user: { id: "dXNlci0x", name: "new@example.test", displayName: "new@example.test" },
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    excludeCredentials: [],
  }
}

function openClient(server: ReturnType<typeof fakeServer>, options: AuthClientOptions = {}) {
  const navigations: string[] = []
  const errors: Error[] = []
  const client = createAuthClient({
    basePath: BASE_PATH,
    baseUrl: ORIGIN,
    fetch: server.fetch,
    navigate: (url) => navigations.push(url),
    currentUrl: () => `${ORIGIN}/page`,
    broadcastChannel: false,
    logger: { error: (error) => errors.push(error) },
    ...options,
  })
  return { client, webauthn: createWebAuthnClient(client), navigations, errors }
}

const bytes = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer as ArrayBuffer
const base64url = (text: string) => Buffer.from(text).toString("base64url")

/** What an authenticator hands back from `navigator.credentials.get`. */
function assertion() {
  return {
    id: "Y3JlZC0x",
    rawId: bytes("cred-1"),
    type: "public-key",
    authenticatorAttachment: "platform",
    response: {
      authenticatorData: bytes("authenticator-data"),
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      signature: bytes("signature"),
      userHandle: bytes("user-1"),
    },
    getClientExtensionResults: () => ({}),
  }
}

/** What an authenticator hands back from `navigator.credentials.create`. */
function attestation() {
  return {
    id: "Y3JlZC0y",
    rawId: bytes("cred-2"),
    type: "public-key",
    authenticatorAttachment: "cross-platform",
    response: {
      attestationObject: bytes("attestation-object"),
      clientDataJSON: bytes('{"type":"webauthn.create"}'),
      getTransports: () => ["usb"],
    },
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
  }
}

/** A browser with WebAuthn whose authenticator answers with `get` and `create`. */
function stubWebAuthn(
  authenticator: {
    get?: (options: CredentialRequestOptions) => Promise<unknown>
    create?: (options: CredentialCreationOptions) => Promise<unknown>
  } = {},
) {
  const get = vi.fn(authenticator.get ?? (async () => assertion()))
  const create = vi.fn(authenticator.create ?? (async () => attestation()))
  vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {})
  vi.stubGlobal("navigator", { credentials: { get, create } })
  return { get, create }
}

const domException = (name: string) => new DOMException(`${name} from the authenticator`, name)

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

describe("passkeys", () => {
  it("lists the signed-in user's passkeys", async () => {
    const server = fakeServer()
    const { webauthn } = openClient(server)

    expect(await webauthn.listPasskeys()).toEqual({ ok: true, passkeys: [PASSKEY] })
    expect(server.find("GET", "/passkeys")?.headers.get("accept")).toBe("application/json")
  })

  it("reports a signed-out visitor as Unauthorized, without logging", async () => {
    const server = fakeServer({ "GET /passkeys": () => json({ error: "Unauthorized" }, 401) })
    const { webauthn, errors } = openClient(server)

    expect(await webauthn.listPasskeys()).toEqual({
      ok: false,
      error: "Unauthorized",
      status: 401,
    })
    expect(errors).toEqual([])
  })

  it("reports a list it cannot read, or no answer, as ClientFetchError, logged", async () => {
    const malformed = openClient(
      fakeServer({ "GET /passkeys": () => json({ passkeys: [{ ...PASSKEY, backedUp: "yes" }] }) }),
    )
    expect(await malformed.webauthn.listPasskeys()).toEqual({
      ok: false,
      error: "ClientFetchError",
      status: 200,
    })
    expect(malformed.errors.map((error) => error.message)).toEqual([
      "GET passkeys answered 200 without a passkey list.",
    ])

    const offline = openClient(
      fakeServer({ "GET /passkeys": () => Promise.reject(new TypeError("offline")) }),
    )
    expect(await offline.webauthn.listPasskeys()).toEqual({
      ok: false,
      error: "ClientFetchError",
      status: 0,
    })
    expect(offline.errors.map((error) => error.message)).toEqual(["GET passkeys failed."])
  })

  it("reads a list without provider ids", async () => {
    const { provider: _p, ...bare } = PASSKEY
    const { webauthn } = openClient(
      fakeServer({ "GET /passkeys": () => json({ passkeys: [bare] }) }),
    )
    expect(await webauthn.listPasskeys()).toEqual({ ok: true, passkeys: [bare] })
  })

  it("reads absent dates as null", async () => {
    const { createdAt: _c, lastUsedAt: _l, ...bare } = PASSKEY
    const { webauthn } = openClient(
      fakeServer({ "GET /passkeys": () => json({ passkeys: [bare] }) }),
    )
    expect(await webauthn.listPasskeys()).toEqual({
      ok: true,
      passkeys: [{ ...PASSKEY, createdAt: null, lastUsedAt: null }],
    })
  })

  it("removes a passkey with the CSRF token and resolves with the ones left", async () => {
    const server = fakeServer()
    const { webauthn } = openClient(server)

    expect(await webauthn.removePasskey(PASSKEY.id)).toEqual({ ok: true, passkeys: [] })

    const post = server.find("POST", "/passkeys/remove")
    expect(post?.headers.get("content-type")).toBe("application/json")
    expect(await post?.json()).toEqual({ csrfToken: CSRF, id: PASSKEY.id })
  })

  it.each([
    [409, "LastSignInMethod"],
    [404, "PasskeyNotFound"],
    [403, "MissingCSRF"],
    [401, "Unauthorized"],
  ])("passes a %i %s refusal on as a result", async (status, error) => {
    const server = fakeServer({ "POST /passkeys/remove": () => json({ error }, status) })
    const { webauthn, errors } = openClient(server)

    expect(await webauthn.removePasskey(PASSKEY.id)).toEqual({ ok: false, error, status })
    expect(errors).toEqual([])
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
