/**
 * `@auth/sveltekit/webauthn` on the app's auth routes, `<paths.base>/auth` (Auth.js's module
 * fetched the options from `<paths.base>/webauthn-options/…`): the requests it makes, against a
 * stubbed `fetch` (the WebAuthn flow itself is `@auth/core/client/webauthn`'s, tested there).
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { listPasskeys, removePasskey, signIn } from "../src/webauthn.js"
import { setBase } from "./kit-stubs/paths.js"

const CHALLENGE = "Y2hhbGxlbmdl"

afterEach(() => {
  vi.unstubAllGlobals()
  setBase("")
})

describe("@auth/sveltekit/webauthn", () => {
  it("asks <paths.base>/auth for the options and posts the ceremony to its callback", async () => {
    setBase("/app")
    const requested: string[] = []
    vi.stubGlobal("location", { href: "https://app.test/app/login" })
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {})
    vi.stubGlobal("navigator", { credentials: { get: async () => assertion() } })
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input)
      requested.push(`${init?.method ?? "GET"} ${path}`)
      if (path.endsWith("/providers")) {
        return Response.json({ passkey: { id: "passkey", name: "Passkey", type: "webauthn" } })
      }
      if (path.endsWith("/csrf")) return Response.json({ csrfToken: "token" })
      if (path.includes("/webauthn-options/")) {
        return Response.json({ action: "authenticate", options: { challenge: CHALLENGE } })
      }
      if (path.endsWith("/callback/passkey")) return Response.json({ url: "https://app.test/app" })
      return Response.json({ passkeys: [] })
    })

    const result = await signIn("passkey", { email: "ada@example.test", redirect: false })
    await listPasskeys()
    await removePasskey("id")

    expect(result).toMatchObject({ ok: true, url: "https://app.test/app" })
    expect(requested).toEqual([
      "GET /app/auth/providers",
      "GET /app/auth/webauthn-options/passkey?email=ada%40example.test",
      "GET /app/auth/csrf",
      "POST /app/auth/callback/passkey",
      "GET /app/auth/passkeys",
      "GET /app/auth/csrf",
      "POST /app/auth/passkeys/remove",
    ])
  })
})

function assertion() {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer
  return {
    id: "cred",
    rawId: bytes("cred"),
    type: "public-key",
    response: {
      authenticatorData: bytes("data"),
      clientDataJSON: bytes("{}"),
      signature: bytes("sig"),
      userHandle: null,
    },
    getClientExtensionResults: () => ({}),
  }
}
