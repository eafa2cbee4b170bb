import { describe, expect, it } from "vitest"
import type { OAuthConfig } from "../../providers/oauth.js"
import type { Profile } from "../../types.js"
import { customFetch } from "../symbols.js"
import { resolveOAuthProvider } from "./provider.js"

function oauth(overrides: Partial<OAuthConfig<Profile>> = {}): OAuthConfig<Profile> {
  return {
    id: "acme",
    name: "Acme",
    type: "oauth",
    issuer: "https://acme.test",
    ...overrides,
  } as OAuthConfig<Profile>
}

describe("resolveOAuthProvider", () => {
  it("defaults checks to PKCE and adds state for a redirect proxy", () => {
    expect([...resolveOAuthProvider(oauth(), undefined).checks]).toEqual(["pkce"])
    const proxied = resolveOAuthProvider(oauth(), "https://proxy.test/auth/")
    expect([...proxied.checks]).toEqual(["pkce", "state"])
    expect(proxied.redirectProxyCallbackUrl).toBe("https://proxy.test/auth/callback/acme")
    expect(
      resolveOAuthProvider(
        oauth({ redirectProxyUrl: "https://own.test/auth" }),
        "https://proxy.test/auth",
      ).redirectProxyCallbackUrl,
    ).toBe("https://own.test/auth/callback/acme")
  })

  it("uses no redirect proxy with response_mode=form_post", () => {
    const provider = resolveOAuthProvider(
      oauth({ authorization: { params: { response_mode: "form_post" } } }),
      "https://proxy.test/auth",
    )

    expect(provider.responseMode).toBe("form_post")
    expect(provider.redirectProxyCallbackUrl).toBeUndefined()
    expect(provider.checks.has("state")).toBe(false)
  })

  it("reads endpoints: URL strings, objects with params (claims as JSON), Auth.js's placeholder", () => {
    const provider = resolveOAuthProvider(
      oauth({
        authorization: {
          url: "https://authjs.dev",
          params: { claims: { id_token: { email: null } }, max_age: 0 },
        },
        token: "https://acme.test/token",
        userinfo: { url: "https://acme.test/me", params: { fields: "id,name" } },
      }),
      undefined,
    )

    expect(provider.authorization).toMatchObject({
      url: undefined,
      params: { claims: '{"id_token":{"email":null}}', max_age: "0" },
    })
    expect(provider.token).toMatchObject({ url: "https://acme.test/token", params: {} })
    expect(provider.userinfo).toMatchObject({
      url: "https://acme.test/me",
      params: { fields: "id,name" },
    })
  })

  it("allows plain HTTP only for providers configured with an http: URL", () => {
    expect(resolveOAuthProvider(oauth(), undefined).allowInsecureRequests).toBe(false)
    expect(
      resolveOAuthProvider(oauth({ issuer: "http://127.0.0.1:8080" }), undefined)
        .allowInsecureRequests,
    ).toBe(true)
  })

  it("keeps the customFetch, applies the default profile and reads a provider object once", () => {
    const fetchImpl = (() => Promise.resolve(new Response())) as typeof fetch
    const config = { ...oauth(), [customFetch]: fetchImpl }

    const provider = resolveOAuthProvider(config, undefined)

    expect(provider.fetch).toBe(fetchImpl)
    expect(provider.profile({ sub: "1", name: "A" }, {})).toEqual({ id: "1", name: "A" })
    expect(resolveOAuthProvider(config, undefined)).toBe(provider)
    expect(provider.idToken).toBe(false)
    expect(
      resolveOAuthProvider({ ...oauth(), type: "oidc" } as OAuthConfig<Profile>, undefined).idToken,
    ).toBe(true)
  })
})
