import { type OAuth2Server, startOAuth2Server } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OAuthCallbackError } from "../../src/errors.js"
import { customFetch } from "../../src/index.js"
import GitHub from "../../src/providers/github.js"
import type { OAuth2Config } from "../../src/providers/oauth.js"
import type { Account, Profile } from "../../src/types.js"
import type { AuthClient } from "../support/client.js"
import {
  APP_ORIGIN,
  callbackUrl,
  createApp,
  expectErrorRedirect,
  locationOf,
  recordingFetch,
  redirectOf,
  sessionUser,
  startSignIn,
} from "./flow.js"

let server: OAuth2Server

beforeAll(async () => {
  server = await startOAuth2Server({
    requirePkce: true,
    users: { private: { email: null } },
    emails: {
      private: [
        { email: "old@example.test", primary: false, verified: true, visibility: null },
        { email: "Private@Example.test", primary: true, verified: true, visibility: "private" },
      ],
    },
  })
  server.setRedirectUris(["acme", "github", "nopkce"].map((id) => callbackUrl(id)))
})

afterAll(async () => {
  await server?.close()
})

function acme(overrides: Partial<OAuth2Config<Profile>> = {}): OAuth2Config<Profile> {
  return {
    id: "acme",
    name: "Acme",
    type: "oauth",
    authorization: server.authorizationEndpoint,
    token: server.tokenEndpoint,
    userinfo: server.userinfoEndpoint,
    clientId: server.clientId,
    clientSecret: server.clientSecret,
    ...overrides,
  }
}

/** Signs in at the GitHub-like server (it logs in whoever `login` names) and delivers. */
async function signIn(client: AuthClient, providerId: string, login: string): Promise<Response> {
  const authorizationUrl = locationOf(
    await startSignIn(client, providerId, { query: `?login=${login}` }),
  )
  const response = await server.authorize(authorizationUrl)
  return client.get(response.url.href)
}

describe("plain OAuth 2 sign-in (userinfo, no ID token) against a GitHub-like server", () => {
  it("signs in with the profile from the userinfo endpoint", async () => {
    const accounts: Account[] = []
    const { client, log } = createApp({
      providers: [acme()],
      callbacks: {
        jwt: ({ token, account }) => {
          if (account) accounts.push(account)
          return token
        },
      },
    })

    const response = await signIn(client, "acme", "octocat")

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(APP_ORIGIN)
    expect(await sessionUser(client)).toEqual({
      name: "Octocat",
      email: "octocat@example.test",
      image: undefined,
    })
    const user = server.userFor("octocat")
    expect(accounts[0]).toMatchObject({
      provider: "acme",
      type: "oauth",
      providerAccountId: String(user.id),
      token_type: "bearer",
      access_token: expect.any(String),
    })
    expect(accounts[0]).not.toHaveProperty("expires_at")
  })

  it("adds no OpenID scope to a plain OAuth 2 provider and sends an S256 challenge", async () => {
    const { client } = createApp({ providers: [acme()] })

    const url = locationOf(await startSignIn(client, "acme"))

    expect(url.searchParams.has("scope")).toBe(false)
    expect(url.searchParams.get("code_challenge_method")).toBe("S256")
    expect(url.searchParams.get("redirect_uri")).toBe(callbackUrl("acme"))
  })

  it("skips PKCE only when checks leaves it out", async () => {
    const { client, log } = createApp({ providers: [acme({ id: "nopkce", checks: ["state"] })] })
    const authorizationUrl = locationOf(await startSignIn(client, "nopkce"))
    expect(authorizationUrl.searchParams.has("code_challenge")).toBe(false)
    expect(authorizationUrl.searchParams.get("state")).toBeTruthy()
    const before = server.requests.length

    const callback = await client.get((await server.authorize(authorizationUrl)).url.href)

    // This server requires PKCE, so the exchange without a verifier is refused.
    expectErrorRedirect(callback, "signin", "OAuthCallbackError")
    const tokenRequest = server.requests
      .slice(before)
      .find((request) => request.url === "/login/oauth/access_token")
    expect(new URLSearchParams(tokenRequest?.body).has("code_verifier")).toBe(false)
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
  })

  it("authenticates with client_secret_basic, form-encoded as Auth.js does", async () => {
    const { client } = createApp({ providers: [acme()] })
    const before = server.requests.length

    await signIn(client, "acme", "octocat")

    const tokenRequest = server.requests
      .slice(before)
      .find((request) => request.url === "/login/oauth/access_token")
    const expected = Buffer.from(`${server.clientId}:${server.clientSecret}`).toString("base64")
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${expected}`)
    expect(new URLSearchParams(tokenRequest?.body).get("code_verifier")).toMatch(/^[\w-]{43}$/)
  })

  it("signs in with the built-in GitHub provider, falling back to the primary verified e-mail", async () => {
    const recorder = recordingFetch()
    const { client, log } = createApp({
      providers: [
        GitHub({
          clientId: server.clientId,
          clientSecret: server.clientSecret,
          enterprise: { baseUrl: server.url },
          [customFetch]: recorder.fetch,
        }),
      ],
    })

    const response = await signIn(client, "github", "private")

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(APP_ORIGIN)
    expect(await sessionUser(client)).toEqual({
      name: "Private",
      email: "private@example.test",
      image: server.userFor("private").avatar_url,
    })
    expect(recorder.urls.map((url) => url.pathname)).toEqual([
      "/login/oauth/access_token",
      "/api/v3/user",
      "/api/v3/user/emails",
    ])
  })

  it("uses a custom userinfo.request, given the tokens and the provider", async () => {
    const { client, log } = createApp({
      providers: [
        acme({
          userinfo: {
            url: server.userinfoEndpoint,
            async request({ tokens, provider }) {
              expect(provider.callbackUrl).toBe(callbackUrl("acme"))
              const response = await fetch(server.userinfoEndpoint, {
                headers: { Authorization: `Bearer ${tokens.access_token}` },
              })
              return { ...((await response.json()) as object), name: "From request()" }
            },
          },
        }),
      ],
    })

    await signIn(client, "acme", "octocat")

    expect(log.errors).toEqual([])
    expect((await sessionUser(client))?.name).toBe("From request()")
  })

  it("sends a provider error to the sign-in page", async () => {
    const { client, log } = createApp({ providers: [acme()] })
    server.failNext("authorize", { error: "access_denied", error_description: "no" })

    const response = await signIn(client, "acme", "octocat")

    expectErrorRedirect(response, "signin", "OAuthCallbackError")
    expect(locationOf(response).searchParams.get("code")).toBe("access_denied")
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
  })

  it("fails on a userinfo error instead of signing in with the error body", async () => {
    const { client, log } = createApp({ providers: [acme()] })
    server.failNext("userinfo")

    expectErrorRedirect(await signIn(client, "acme", "octocat"), "signin", "OAuthCallbackError")
    expect(log.errors[0]).toBeInstanceOf(OAuthCallbackError)
    expect(await client.session()).toBeNull()
  })

  it("fails on a token endpoint error and on a replayed code", async () => {
    const { client, log } = createApp({ providers: [acme()] })
    server.failNext("token", { error: "temporarily_unavailable", status: 503 })
    expectErrorRedirect(await signIn(client, "acme", "octocat"), "signin", "OAuthCallbackError")

    const authorizationUrl = locationOf(await startSignIn(client, "acme"))
    const { url } = await server.authorize(authorizationUrl)
    const cookies = new Map(client.jar)
    expect(redirectOf(await client.get(url.href))).toBe(APP_ORIGIN)
    for (const [name, value] of cookies) client.jar.set(name, value)
    expectErrorRedirect(await client.get(url.href), "signin", "OAuthCallbackError")

    expect(log.errors.map((error) => error.constructor)).toEqual([
      OAuthCallbackError,
      OAuthCallbackError,
    ])
  })
})
