/** The WebAuthn client's passkey management: `listPasskeys` and `removePasskey`. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { json } from "../../test/support/routed-fetch.js"
import {
  CSRF,
  fakeServer,
  openClient,
  PASSKEY,
  stubWebAuthn,
} from "../../test/support/webauthn-client.js"

beforeEach(() => {
  stubWebAuthn()
})

afterEach(() => {
  vi.unstubAllGlobals()
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
