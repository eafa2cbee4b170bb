/**
 * `@auth/hono/webauthn` on `/api/auth`, where the README mounts `authHandler()`, or on the client
 * given to `createWebAuthnClient`: the requests it makes, against a stubbed `fetch` (the WebAuthn
 * flow is `@auth/core/client/webauthn`'s, tested there).
 */
import { createAuthClient } from "@auth/core/client"
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

describe("@auth/hono/webauthn", () => {
  it("uses /api/auth", async () => {
    expect(await signIn("passkey", { redirect: false })).toMatchObject({
      error: "WebAuthnUnsupported",
      ok: false,
    })
    expect(await listPasskeys()).toEqual({ ok: true, passkeys: [] })
    expect(requested).toEqual(["/api/auth/providers", "/api/auth/passkeys"])
  })

  it("works on the app's own client", async () => {
    await createWebAuthnClient(createAuthClient({ basePath: "/auth" })).listPasskeys()
    expect(requested).toEqual(["/auth/passkeys"])
  })
})
