/**
 * `next-auth/webauthn` on next-auth's base path: the requests it makes, against a stubbed
 * `fetch` (the WebAuthn flow itself is `@auth/core/client/webauthn`'s, tested there).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { listPasskeys, removePasskey, signIn } from "../src/webauthn.js"

const requested: string[] = []

beforeEach(() => {
  requested.length = 0
  vi.stubGlobal("location", { href: "https://app.test/page" })
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    requested.push(String(input))
    const path = String(input)
    if (path.endsWith("/providers")) {
      return Response.json({ passkey: { id: "passkey", name: "Passkey", type: "webauthn" } })
    }
    if (path.endsWith("/csrf")) return Response.json({ csrfToken: "token" })
    return Response.json({ error: "Unauthorized" }, { status: 401 })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

describe("next-auth/webauthn", () => {
  it("uses /api/auth, and reports a browser without WebAuthn as a result", async () => {
    vi.stubGlobal("PublicKeyCredential", undefined)

    expect(await signIn("passkey", { redirect: false })).toEqual({
      error: "WebAuthnUnsupported",
      code: undefined,
      status: 0,
      ok: false,
      url: null,
    })
    expect(await listPasskeys()).toEqual({ ok: false, error: "Unauthorized", status: 401 })
    expect(await removePasskey("id")).toEqual({ ok: false, error: "Unauthorized", status: 401 })
    expect(requested).toEqual([
      "/api/auth/providers",
      "/api/auth/passkeys",
      "/api/auth/csrf",
      "/api/auth/passkeys/remove",
    ])
  })

  it("follows the path of NEXTAUTH_URL and the basePath of next.config, as next-auth/react does", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://app.test/custom/auth")
    await listPasskeys()
    vi.stubEnv("NEXTAUTH_URL", "")
    vi.stubEnv("__NEXT_ROUTER_BASEPATH", "/docs")
    await listPasskeys()

    expect(requested).toEqual(["/custom/auth/passkeys", "/docs/api/auth/passkeys"])
  })

  it("refuses a provider that is not a WebAuthn provider, like next-auth 5", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ github: { id: "github", name: "GitHub", type: "oauth" } }),
    )
    await expect(signIn("github")).rejects.toThrow(TypeError)
  })
})
