/**
 * Test support for the WebAuthn client: a fake Auth.js server with WebAuthn (a `fetch` that
 * answers the WebAuthn contract) and a stubbed `navigator.credentials`, so that
 * `@simplewebauthn/browser` runs for real up to the authenticator.
 */
import { vi } from "vitest"
import { createAuthClient } from "../../src/client/client.js"
import type { AuthClientOptions } from "../../src/client/options.js"
import type { Passkey } from "../../src/client/passkeys.js"
import { createWebAuthnClient } from "../../src/client/webauthn.js"
import { type Handler, json, routedFetch } from "./routed-fetch.js"

export const ORIGIN = "https://app.test"
export const BASE_PATH = "/api/auth"
export const API = `${ORIGIN}${BASE_PATH}`
export const CSRF = "csrf-token"
export const CHALLENGE = "Y2hhbGxlbmdl" // base64url("challenge")
export const USER = { name: "Ada", email: "ada@example.test" }

export const PASSKEY: Passkey = {
  id: "Y3JlZC0x",
  provider: "passkey",
  deviceType: "multiDevice",
  backedUp: true,
  transports: ["internal", "hybrid"],
  createdAt: "2025-01-01T00:00:00.000Z",
  lastUsedAt: null,
}

export const PROVIDERS = {
  passkey: { id: "passkey", name: "Passkey", type: "webauthn" },
  credentials: { id: "credentials", name: "Credentials", type: "credentials" },
}

/** A fake Auth.js server with WebAuthn: routes by `METHOD path`, records every request. */
export function fakeServer(overrides: Record<string, Handler> = {}) {
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
  return routedFetch(BASE_PATH, routes)
}

export function registrationOptions() {
  return {
    challenge: CHALLENGE,
    rp: { name: "app.test", id: "app.test" },
    user: { id: "dXNlci0x", name: "new@example.test", displayName: "new@example.test" },
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    excludeCredentials: [],
  }
}

export function openClient(server: ReturnType<typeof fakeServer>, options: AuthClientOptions = {}) {
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

export const bytes = (text: string): ArrayBuffer =>
  new TextEncoder().encode(text).buffer as ArrayBuffer
export const base64url = (text: string) => Buffer.from(text).toString("base64url")

/** What an authenticator hands back from `navigator.credentials.get`. */
export function assertion() {
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
export function attestation() {
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
export function stubWebAuthn(
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

export const domException = (name: string) =>
  new DOMException(`${name} from the authenticator`, name)
