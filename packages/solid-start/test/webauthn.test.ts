/**
 * `@auth/solid-start/webauthn` on `/api/auth`, or on the `prefix` given: the requests it makes,
 * against a stubbed `fetch` (the WebAuthn flow is `@auth/core/client/webauthn`'s, tested there).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createWebAuthnClient, listPasskeys, signIn } from "../src/webauthn.js"

const requested: string[] = []

beforeEach(() => {
  requested.length = 0
  vi.stubGlobal("location", { href: "https://app.test/login" })
  vi.stubGlobal("PublicKeyCredential", undefined)
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    requested.push(String(input))
    if (String(input).endsWith("/providers")) {
      return Response.json({ passkey: { id: "passkey", name: "Passkey", type: "webauthn" } })
    }
    return Response.json({ passkeys: [] })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("@auth/solid-start/webauthn", () => {
  it("uses /api/auth, where the catch-all route is", async () => {
    expect(await signIn("passkey", { redirect: false })).toMatchObject({
      error: "WebAuthnUnsupported",
      ok: false,
    })
    expect(await listPasskeys()).toEqual({ ok: true, passkeys: [] })
    expect(requested).toEqual(["/api/auth/providers", "/api/auth/passkeys"])
  })

  it("uses the prefix given to createWebAuthnClient", async () => {
    await createWebAuthnClient({ prefix: "/auth/" }).listPasskeys()
    expect(requested).toEqual(["/auth/passkeys"])
  })
})
