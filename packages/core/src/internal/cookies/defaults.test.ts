import { describe, expect, it } from "vitest"
import {
  defaultCookies,
  hostOnlySessionCookieConflict,
  mergeCookies,
  sessionCookieName,
} from "./defaults.js"

const lax = { httpOnly: true, sameSite: "lax", path: "/" }

describe("defaultCookies", () => {
  it("names and configures the secure cookies as Auth.js does", () => {
    expect(defaultCookies(true)).toEqual({
      sessionToken: { name: "__Secure-authjs.session-token", options: { ...lax, secure: true } },
      callbackUrl: { name: "__Secure-authjs.callback-url", options: { ...lax, secure: true } },
      csrfToken: { name: "__Host-authjs.csrf-token", options: { ...lax, secure: true } },
      pkceCodeVerifier: {
        name: "__Secure-authjs.pkce.code_verifier",
        options: { ...lax, secure: true, maxAge: 900 },
      },
      state: { name: "__Secure-authjs.state", options: { ...lax, secure: true, maxAge: 900 } },
      nonce: { name: "__Secure-authjs.nonce", options: { ...lax, secure: true } },
      webauthnChallenge: {
        name: "__Secure-authjs.challenge",
        options: { ...lax, secure: true, maxAge: 900 },
      },
      // Ours: the session cache of database sessions (`session.cookieCache`).
      sessionCache: { name: "__Secure-authjs.session-cache", options: { ...lax, secure: true } },
    })
  })

  it("names the session cache cookie as the session cookie, __Host- included", () => {
    expect(defaultCookies(true, { hostOnlySessionCookie: true }).sessionCache.name).toBe(
      "__Host-authjs.session-cache",
    )
  })

  it("names the insecure cookies without prefixes", () => {
    const cookies = defaultCookies(false)
    expect(Object.values(cookies).map((cookie) => cookie.name)).toEqual([
      "authjs.session-token",
      "authjs.callback-url",
      "authjs.csrf-token",
      "authjs.pkce.code_verifier",
      "authjs.state",
      "authjs.nonce",
      "authjs.challenge",
      "authjs.session-cache",
    ])
    for (const cookie of Object.values(cookies)) expect(cookie.options.secure).toBe(false)
  })

  it("returns fresh objects on every call", () => {
    const first = defaultCookies(true)
    first.sessionToken.options.domain = "example.com"
    expect(defaultCookies(true).sessionToken.options.domain).toBeUndefined()
    expect(first.sessionToken.options).not.toBe(first.callbackUrl.options)
  })
})

describe("mergeCookies", () => {
  it("returns the defaults when there is nothing to merge", () => {
    expect(mergeCookies(defaultCookies(true))).toEqual(defaultCookies(true))
  })

  it("merges name and options per key", () => {
    const merged = mergeCookies(defaultCookies(true), {
      sessionToken: { options: { domain: "example.com" } },
      csrfToken: { name: "my-csrf" },
      state: { name: "my-state", options: { sameSite: "none", maxAge: 60 } },
    })
    expect(merged.sessionToken).toEqual({
      name: "__Secure-authjs.session-token",
      options: { ...lax, secure: true, domain: "example.com" },
    })
    expect(merged.csrfToken).toEqual({ name: "my-csrf", options: { ...lax, secure: true } })
    expect(merged.state).toEqual({
      name: "my-state",
      options: { ...lax, sameSite: "none", secure: true, maxAge: 60 },
    })
    expect(merged.nonce).toEqual(defaultCookies(true).nonce)
    // The session cache cookie goes where the session cookie goes.
    expect(merged.sessionCache).toEqual({
      name: "__Secure-authjs.session-cache",
      options: { ...lax, secure: true, domain: "example.com" },
    })
  })

  it("mutates neither input", () => {
    const defaults = defaultCookies(false)
    const overrides = { sessionToken: { options: { domain: "example.com" } } }
    const merged = mergeCookies(defaults, overrides)
    expect(defaults).toEqual(defaultCookies(false))
    expect(overrides).toEqual({ sessionToken: { options: { domain: "example.com" } } })
    expect(merged.sessionToken.options).not.toBe(defaults.sessionToken.options)
    expect(merged.sessionToken.options).not.toBe(overrides.sessionToken.options)
  })

  it("ignores keys it does not know", () => {
    const overrides = { evil: { name: "x" } } as unknown as Parameters<typeof mergeCookies>[1]
    expect(Object.keys(mergeCookies(defaultCookies(true), overrides))).not.toContain("evil")
  })
})

describe("hostOnlySessionCookie", () => {
  it("names the secure session cookie with __Host- and leaves the others alone", () => {
    const cookies = defaultCookies(true, { hostOnlySessionCookie: true })
    expect(cookies.sessionToken).toEqual({
      name: "__Host-authjs.session-token",
      options: { ...lax, secure: true },
    })
    expect(cookies.callbackUrl.name).toBe("__Secure-authjs.callback-url")
  })

  it("gives getToken's session cookie name as defaultCookies names it", () => {
    for (const secure of [true, false]) {
      for (const hostOnlySessionCookie of [true, false]) {
        expect(sessionCookieName(secure, hostOnlySessionCookie)).toBe(
          defaultCookies(secure, { hostOnlySessionCookie }).sessionToken.name,
        )
      }
    }
  })

  it("keeps the plain name on http, where browsers refuse prefixed cookies", () => {
    expect(defaultCookies(false, { hostOnlySessionCookie: true }).sessionToken.name).toBe(
      "authjs.session-token",
    )
  })

  it("conflicts with a Domain or a Path other than /", () => {
    expect(hostOnlySessionCookieConflict(undefined)).toBeUndefined()
    expect(hostOnlySessionCookieConflict({ sessionToken: { options: { path: "/" } } })).toBe(
      undefined,
    )
    expect(
      hostOnlySessionCookieConflict({ sessionToken: { options: { domain: "example.com" } } }),
    ).toContain("domain")
    expect(
      hostOnlySessionCookieConflict({ sessionToken: { options: { path: "/app" } } }),
    ).toContain("path")
  })
})
