import { describe, expect, it } from "vitest"
import { authorizationUrl, forwardedParams } from "./authorization-url.js"

const oauth = {
  type: "oauth" as const,
  clientId: "client",
  authorization: { url: undefined, params: {} },
}
const oidc = { ...oauth, type: "oidc" as const }

describe("authorizationUrl", () => {
  it("writes the parameters in Auth.js's order, after those on the endpoint", () => {
    const url = authorizationUrl({
      endpoint: "https://idp.test/authorize?audience=api",
      provider: { ...oauth, authorization: { url: undefined, params: { scope: "read:user" } } },
      redirectUri: "https://app.test/auth/callback/x",
      requestParams: { login: "octocat" },
      checks: { state: "S", codeChallenge: "C", nonce: "N" },
    })

    expect([...url.searchParams]).toEqual([
      ["audience", "api"],
      ["scope", "read:user"],
      ["response_type", "code"],
      ["client_id", "client"],
      ["redirect_uri", "https://app.test/auth/callback/x"],
      ["login", "octocat"],
      ["state", "S"],
      ["code_challenge", "C"],
      ["code_challenge_method", "S256"],
      ["nonce", "N"],
    ])
  })

  it("adds the OpenID scope to OIDC providers only, and only when none is given", () => {
    const input = { endpoint: "https://idp.test/a", redirectUri: "https://app.test/cb", checks: {} }

    expect(
      authorizationUrl({ ...input, provider: oidc, requestParams: {} }).searchParams.get("scope"),
    ).toBe("openid profile email")
    expect(
      authorizationUrl({ ...input, provider: oauth, requestParams: {} }).searchParams.has("scope"),
    ).toBe(false)
    expect(
      authorizationUrl({
        ...input,
        provider: oidc,
        requestParams: { scope: "openid" },
      }).searchParams.get("scope"),
    ).toBe("openid")
  })

  it("lets the request's query override provider params, but never the engine's", () => {
    const url = authorizationUrl({
      endpoint: "https://idp.test/a",
      provider: { ...oidc, authorization: { url: undefined, params: { prompt: "consent" } } },
      redirectUri: "https://app.test/cb",
      requestParams: { prompt: "login", redirect_uri: "https://evil.test", client_id: "other" },
      checks: {},
    })

    expect(url.searchParams.get("prompt")).toBe("login")
    expect(url.searchParams.get("redirect_uri")).toBe("https://app.test/cb")
    expect(url.searchParams.get("client_id")).toBe("client")
  })
})

describe("forwardedParams", () => {
  it("drops the engine's parameters and the sign-in action's own", () => {
    expect(
      forwardedParams({
        login_hint: "a@b.test",
        response_type: "token",
        client_id: "x",
        redirect_uri: "x",
        state: "x",
        nonce: "x",
        code_challenge: "x",
        code_challenge_method: "plain",
        response_mode: "query",
        request: "x",
        request_uri: "x",
        callbackUrl: "/x",
        csrfToken: "x",
      }),
    ).toEqual([["login_hint", "a@b.test"]])
  })
})
