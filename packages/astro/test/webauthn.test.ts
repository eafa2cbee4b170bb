/**
 * `@auth/astro/webauthn` on `/api/auth`, or on the `prefix` of each call: the requests it makes,
 * against a stubbed `fetch` (the WebAuthn flow is `@auth/core/client/webauthn`'s, tested there).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { listPasskeys, removePasskey, signIn } from "../src/webauthn.js"

const requested: string[] = []

beforeEach(() => {
  requested.length = 0
  vi.stubGlobal("location", { href: "https://app.test/login" })
  vi.stubGlobal("PublicKeyCredential", undefined)
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    requested.push(String(input))
    const path = String(input)
    if (path.endsWith("/providers")) {
      return Response.json({ passkey: { id: "passkey", name: "Passkey", type: "webauthn" } })
    }
    if (path.endsWith("/csrf")) return Response.json({ csrfToken: "token" })
    return Response.json({ error: "LastSignInMethod" }, { status: 409 })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("@auth/astro/webauthn", () => {
  it("uses the integration's default prefix, /api/auth", async () => {
    expect(await signIn("passkey", { redirect: false })).toMatchObject({
      error: "WebAuthnUnsupported",
      ok: false,
    })
    expect(requested).toEqual(["/api/auth/providers"])
  })

  it("uses the prefix of each call", async () => {
    await signIn("passkey", { prefix: "/auth", callbackUrl: "/" })
    await listPasskeys({ prefix: "/auth" })
    expect(await removePasskey("id", { prefix: "auth/" })).toEqual({
      ok: false,
      error: "LastSignInMethod",
      status: 409,
    })
    expect(requested).toEqual([
      "/auth/providers",
      "/auth/passkeys",
      "/auth/csrf",
      "/auth/passkeys/remove",
    ])
  })
})
