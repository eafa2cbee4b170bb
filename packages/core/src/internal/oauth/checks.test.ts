import { calculatePKCECodeChallenge } from "oauth4webapi"
import { describe, expect, it } from "vitest"
import { InvalidCheck } from "../../errors.js"
import { decode } from "../../jwt.js"
import { defaultCookies } from "../cookies/defaults.js"
import {
  type CheckScope,
  clearCheckCookie,
  createNonce,
  createPkce,
  createState,
  decodeState,
  openCheckCookie,
} from "./checks.js"

const SECRET = "test-secret-that-is-at-least-32-characters-long"
const scope: CheckScope = {
  secrets: [SECRET],
  cookies: defaultCookies(false),
  providerId: "idp",
  now: () => Date.UTC(2030, 0, 1),
}

describe("check cookies", () => {
  it("seals the PKCE verifier bound to the provider, for 15 minutes", async () => {
    const { value: challenge, cookie } = await createPkce(scope)

    expect(cookie.name).toBe("authjs.pkce.code_verifier")
    expect(cookie.options).toMatchObject({ maxAge: 900, httpOnly: true, sameSite: "lax" })
    expect(cookie.options.expires).toEqual(new Date(Date.UTC(2030, 0, 1) + 900_000))
    const payload = await decode({ secret: SECRET, token: cookie.value, salt: cookie.name })
    expect(payload).toMatchObject({ value: expect.any(String), provider: "idp" })
    const verifier = await openCheckCookie(scope, "pkceCodeVerifier", {
      [cookie.name]: cookie.value,
    })
    expect(await calculatePKCECodeChallenge(verifier)).toBe(challenge)
  })

  it("refuses a cookie another provider set", async () => {
    const { cookie } = await createNonce(scope)

    await expect(
      openCheckCookie({ ...scope, providerId: "other" }, "nonce", { [cookie.name]: cookie.value }),
    ).rejects.toThrow(/set for another provider than "other"/)
  })

  it("refuses a missing, altered or misplaced cookie", async () => {
    const { cookie } = await createNonce(scope)

    await expect(openCheckCookie(scope, "nonce", {})).rejects.toBeInstanceOf(InvalidCheck)
    await expect(
      openCheckCookie(scope, "nonce", { [cookie.name]: `${cookie.value.slice(0, -2)}xx` }),
    ).rejects.toBeInstanceOf(InvalidCheck)
    // Sealed under the nonce cookie's name, it does not open as the state cookie.
    await expect(
      openCheckCookie(scope, "state", { "authjs.state": cookie.value }),
    ).rejects.toBeInstanceOf(InvalidCheck)
  })

  it("makes state and nonce (and PKCE) cookies SameSite=None; Secure for form_post", async () => {
    const crossSite = { ...scope, crossSiteCallback: true }

    for (const created of [
      await createState(crossSite),
      await createNonce(crossSite),
      await createPkce(crossSite),
    ]) {
      expect(created.cookie.options).toMatchObject({ sameSite: "none", secure: true })
    }
    expect(clearCheckCookie(crossSite, "state").options).toMatchObject({
      maxAge: 0,
      sameSite: "none",
    })
  })

  it("clears a cookie with its own options", () => {
    expect(clearCheckCookie(scope, "state")).toEqual({
      name: "authjs.state",
      value: "",
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: false, maxAge: 0 },
    })
  })
})

describe("state parameter", () => {
  it("carries the origin to forward to, readable with any of the secrets", async () => {
    const { value } = await createState(scope, "https://preview.test/auth/callback/idp")

    expect(
      await decodeState(["newer-secret-that-is-at-least-32-chars-long", SECRET], value),
    ).toEqual({
      origin: "https://preview.test/auth/callback/idp",
      random: expect.any(String),
    })
  })

  it("refuses a state made with another secret", async () => {
    const { value } = await createState(scope)

    await expect(
      decodeState(["another-secret-that-is-at-least-32-chars"], value),
    ).rejects.toBeInstanceOf(InvalidCheck)
    await expect(decodeState([SECRET], "not-a-jwe")).rejects.toBeInstanceOf(InvalidCheck)
  })
})
