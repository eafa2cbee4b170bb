import { describe, expect, it } from "vitest"
import { createActionURL, isAuthAction, setEnvDefaults } from "../src/index.js"
import type { AuthConfig } from "../src/types.js"

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { providers: [], ...overrides }
}

describe("setEnvDefaults", () => {
  it("reads AUTH_SECRET and rotation secrets newest first", () => {
    const c = config()
    setEnvDefaults({ AUTH_SECRET: "s0", AUTH_SECRET_1: "s1", AUTH_SECRET_2: "s2" }, c)
    expect(c.secret).toEqual(["s2", "s1", "s0"])
  })

  it("keeps a configured secret and falls back to NEXTAUTH_SECRET", () => {
    const c = config({ secret: "mine" })
    setEnvDefaults({ AUTH_SECRET: "env" }, c)
    expect(c.secret).toBe("mine")
    const legacy = config()
    setEnvDefaults({ NEXTAUTH_SECRET: "legacy" }, legacy)
    expect(legacy.secret).toEqual(["legacy"])
  })

  it("takes basePath from the path of AUTH_URL, and defaults to /auth", () => {
    const c = config()
    setEnvDefaults({ AUTH_URL: "https://app.example/api/auth/" }, c)
    expect(c.basePath).toBe("/api/auth")
    const none = config()
    setEnvDefaults({ AUTH_URL: "https://app.example" }, none)
    expect(none.basePath).toBe("/auth")
  })

  it('parses AUTH_TRUST_HOST: "false" means false', () => {
    for (const [env, expected] of [
      [{ AUTH_TRUST_HOST: "false", NODE_ENV: "development" }, false],
      [{ AUTH_TRUST_HOST: "true", NODE_ENV: "production" }, true],
      [{ NODE_ENV: "production" }, false],
      [{ NODE_ENV: "production", AUTH_URL: "https://a.example" }, true],
      [{}, true],
    ] as const) {
      const c = config()
      setEnvDefaults(env, c)
      expect(c.trustHost, JSON.stringify(env)).toBe(expected)
    }
  })

  it("infers provider credentials from AUTH_<PROVIDER>_ID/_SECRET/_ISSUER", () => {
    const factory = (options: Record<string, unknown> = {}) => ({
      id: "microsoft-entra-id",
      name: "Entra",
      type: "oidc",
      options,
    })
    const c = config({
      providers: [factory as never, { id: "plain", name: "P", type: "oauth" } as never],
    })
    setEnvDefaults(
      {
        AUTH_MICROSOFT_ENTRA_ID_ID: "id",
        AUTH_MICROSOFT_ENTRA_ID_SECRET: "secret",
        AUTH_MICROSOFT_ENTRA_ID_ISSUER: "https://issuer.example",
        AUTH_PLAIN_ID: "plain-id",
      },
      c,
    )
    expect(c.providers[0]).toMatchObject({
      clientId: "id",
      clientSecret: "secret",
      issuer: "https://issuer.example",
      options: { clientId: "id", clientSecret: "secret", issuer: "https://issuer.example" },
    })
    expect(c.providers[1]).toMatchObject({ clientId: "plain-id" })
  })

  it("sets redirectProxyUrl from AUTH_REDIRECT_PROXY_URL", () => {
    const c = config()
    setEnvDefaults({ AUTH_REDIRECT_PROXY_URL: "https://proxy.example/auth" }, c)
    expect(c.redirectProxyUrl).toBe("https://proxy.example/auth")
  })
})

describe("createActionURL", () => {
  const headers = (init: Record<string, string>) => new Headers(init)

  it("builds from Host and the protocol", () => {
    expect(
      createActionURL(
        "callback",
        undefined,
        headers({ host: "example.com" }),
        {},
        { basePath: "/basepath" },
      ).href,
    ).toBe("https://example.com/basepath/callback")
  })

  it("prefers X-Forwarded-Host and X-Forwarded-Proto when the host is trusted, else ignores them", () => {
    const forwarded = headers({
      host: "127.0.0.1",
      "x-forwarded-host": "example.com",
      "x-forwarded-proto": "http",
    })
    const trusted = createActionURL(
      "session",
      "https",
      forwarded,
      {},
      { basePath: "/auth", trustHost: true },
    )
    expect(trusted.href).toBe("http://example.com/auth/session")
    const untrusted = createActionURL("session", "https", forwarded, {}, { basePath: "/auth" })
    expect(untrusted.href).toBe("https://127.0.0.1/auth/session")
  })

  it("uses AUTH_URL, and basePath over its path", () => {
    expect(
      createActionURL(
        "signout",
        "https",
        headers({}),
        { AUTH_URL: "http://localhost:3000" },
        { basePath: "/api/auth" },
      ).href,
    ).toBe("http://localhost:3000/api/auth/signout")
    expect(
      createActionURL(
        "signout",
        "https",
        headers({}),
        { AUTH_URL: "https://sub.example/api/auth" },
        {},
      ).href,
    ).toBe("https://sub.example/api/auth/signout")
    const warnings: string[] = []
    expect(
      createActionURL(
        "signout",
        "https",
        headers({}),
        { AUTH_URL: "https://sub.example/my-app" },
        { basePath: "/api/auth", logger: { warn: (code) => void warnings.push(code) } },
      ).href,
    ).toBe("https://sub.example/api/auth/signout")
    expect(warnings).toEqual(["env-url-basepath-mismatch"])
    expect(
      createActionURL("session", "https", headers({}), { NEXTAUTH_URL: "http://env.test/base" }, {})
        .href,
    ).toBe("http://env.test/base/session")
  })
})

describe("isAuthAction", () => {
  it("knows exactly the nine actions", () => {
    for (const action of [
      "providers",
      "session",
      "csrf",
      "signin",
      "signout",
      "callback",
      "verify-request",
      "error",
      "webauthn-options",
    ]) {
      expect(isAuthAction(action)).toBe(true)
    }
    for (const action of ["", "Session", "signup", "__proto__"])
      expect(isAuthAction(action)).toBe(false)
  })
})
