import { CookieJar } from "@auth/dev-servers"
import { decodeJwt } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { customFetch } from "../../src/index.js"
import type { OIDCConfig } from "../../src/providers/oauth.js"
import type { Account, JWTCallbackParams, Profile } from "../../src/types.js"
import { setCookies } from "../support/client.js"
import { type Idp, startIdentityProvider, type TokenEndpointAuthMethod } from "../support/idp.js"
import {
  APP_ORIGIN,
  authorizeAtIdp,
  callbackUrl,
  createApp,
  deletedCookies,
  deliver,
  locationOf,
  recordingFetch,
  redirectOf,
  sessionUser,
  signInAtIdp,
  startSignIn,
} from "./flow.js"

const METHODS: TokenEndpointAuthMethod[] = [
  "client_secret_basic",
  "client_secret_post",
  "none",
  "private_key_jwt",
]

let idp: Idp

beforeAll(async () => {
  idp = await startIdentityProvider()
  idp.setRedirectUris(
    ["idp", "idp-userinfo", ...METHODS.map((method) => `idp-${method}`)].map((id) =>
      callbackUrl(id),
    ),
  )
})

afterAll(async () => {
  await idp?.close()
})

function provider(method: TokenEndpointAuthMethod, overrides: Partial<OIDCConfig<Profile>> = {}) {
  return { ...idp.oidcProvider(method), id: `idp-${method}`, ...overrides } as OIDCConfig<Profile>
}

describe("OpenID Connect sign-in against oidc-provider", () => {
  it.each(METHODS)("signs in with an ID token, client authentication %s", async (method) => {
    const jwtCalls: JWTCallbackParams[] = []
    const { client, log } = createApp({
      providers: [provider(method)],
      callbacks: {
        jwt: (params) => {
          jwtCalls.push(params)
          return params.token
        },
      },
    })

    const response = await signInAtIdp(client, idp, `idp-${method}`, "alice", {
      callbackUrl: `${APP_ORIGIN}/dashboard`,
    })

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(`${APP_ORIGIN}/dashboard`)
    const session = await client.session()
    expect(session?.user).toEqual({
      name: "Alice",
      email: "alice@example.test",
      image: "https://images.example.test/alice.png",
    })
    const [call] = jwtCalls
    expect(call?.trigger).toBe("signIn")
    expect(call?.profile).toMatchObject({ sub: "alice", iss: idp.issuer, email_verified: true })
    const account = call?.account as Account
    expect(account).toMatchObject({
      provider: `idp-${method}`,
      type: "oidc",
      providerAccountId: "alice",
      token_type: "bearer",
      expires_in: 3600,
    })
    expect(account.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500)
    expect(decodeJwt(account.id_token as string).aud).toBe(idp.oidcProvider(method).clientId)
  })

  it("sends response_type, client_id, redirect_uri, scope and an S256 challenge; sets the PKCE cookie only", async () => {
    const { client } = createApp({ providers: [provider("client_secret_basic")] })

    const response = await startSignIn(client, "idp-client_secret_basic")

    const url = locationOf(response)
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "client-basic",
      redirect_uri: callbackUrl("idp-client_secret_basic"),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: "S256",
      scope: "openid profile email",
    })
    const pkce = setCookies(response).find((c) => c.name === "authjs.pkce.code_verifier")
    expect(pkce?.attributes).toMatchObject({ "max-age": "900", httponly: true, samesite: "Lax" })
    expect(setCookies(response).map((c) => c.name)).not.toContain("authjs.state")
    expect(setCookies(response).map((c) => c.name)).not.toContain("authjs.nonce")
  })

  it("checks state and nonce when configured, and clears every check cookie after the callback", async () => {
    const { client } = createApp({
      providers: [provider("client_secret_post", { checks: ["pkce", "state", "nonce"] })],
    })

    const signIn = await startSignIn(client, "idp-client_secret_post")
    const url = locationOf(signIn)
    expect(url.searchParams.get("state")).toBeTruthy()
    expect(url.searchParams.get("nonce")).toBeTruthy()
    expect(setCookies(signIn).map((c) => c.name)).toEqual(
      expect.arrayContaining(["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"]),
    )
    const authorization = await idp.login(new CookieJar(), url, "bob")
    const callback = await deliver(client, authorization)

    expect(redirectOf(callback)).toBe(APP_ORIGIN)
    expect(deletedCookies(callback)).toEqual(
      expect.arrayContaining(["authjs.state", "authjs.pkce.code_verifier", "authjs.nonce"]),
    )
    expect(await sessionUser(client)).toMatchObject({ email: "bob@example.test" })
  })

  it("reads the profile from userinfo with idToken: false", async () => {
    idp.setAccount("dora", { name: "Dora from userinfo" })
    const profiles: Profile[] = []
    const { client, log } = createApp({
      providers: [
        {
          ...provider("client_secret_basic"),
          id: "idp-userinfo",
          idToken: false,
          profile: (profile) => {
            profiles.push(profile)
            return { id: profile.sub as string, name: profile.name, email: profile.email }
          },
        },
      ],
    })

    const response = await signInAtIdp(client, idp, "idp-userinfo", "dora")

    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(APP_ORIGIN)
    expect(profiles[0]).toMatchObject({ sub: "dora", name: "Dora from userinfo" })
    expect(profiles[0]).not.toHaveProperty("iss")
    expect(idp.requests.some((request) => request.url === "/me")).toBe(true)
  })

  it("passes authorization params from the sign-in query, but never ones that bind the flow", async () => {
    const { client, log } = createApp({ providers: [provider("client_secret_basic")] })
    const query = new URLSearchParams({
      login_hint: "carol@example.test",
      prompt: "login",
      scope: "openid email",
      redirect_uri: "https://attacker.test/steal",
      client_id: "client-post",
      response_type: "token",
      state: "attacker-state",
      nonce: "attacker-nonce",
      code_challenge: "attacker-challenge",
      code_challenge_method: "plain",
      response_mode: "fragment",
      callbackUrl: `${APP_ORIGIN}/private`,
    })

    const url = locationOf(
      await startSignIn(client, "idp-client_secret_basic", { query: `?${query}` }),
    )

    expect(url.searchParams.get("login_hint")).toBe("carol@example.test")
    expect(url.searchParams.get("prompt")).toBe("login")
    expect(url.searchParams.get("scope")).toBe("openid email")
    expect(url.searchParams.get("redirect_uri")).toBe(callbackUrl("idp-client_secret_basic"))
    expect(url.searchParams.get("client_id")).toBe("client-basic")
    expect(url.searchParams.get("response_type")).toBe("code")
    expect(url.searchParams.get("code_challenge_method")).toBe("S256")
    expect(url.searchParams.get("code_challenge")).not.toBe("attacker-challenge")
    for (const key of ["state", "nonce", "response_mode", "callbackUrl"]) {
      expect(url.searchParams.has(key)).toBe(false)
    }
    // The flow still completes, with the narrowed scope.
    const response = await deliver(client, await idp.login(new CookieJar(), url, "carol"))
    expect(log.errors).toEqual([])
    expect(redirectOf(response)).toBe(`${APP_ORIGIN}/private`)
    expect(await sessionUser(client)).toEqual({ email: "carol@example.test" })
  })

  it("merges authorization params of the provider config and keeps the provider's scope", async () => {
    const { client } = createApp({
      providers: [
        provider("client_secret_basic", {
          authorization: {
            params: { scope: "openid", prompt: "consent", claims: { id_token: { email: null } } },
          },
        }),
      ],
    })

    const url = locationOf(await startSignIn(client, "idp-client_secret_basic"))

    expect(url.searchParams.get("scope")).toBe("openid")
    expect(url.searchParams.get("prompt")).toBe("consent")
    expect(JSON.parse(url.searchParams.get("claims") ?? "")).toEqual({ id_token: { email: null } })
  })

  it("discovers the issuer once and reuses it for later sign-ins", async () => {
    const recorder = recordingFetch()
    const { client, log } = createApp({
      providers: [{ ...provider("client_secret_basic"), [customFetch]: recorder.fetch }],
    })

    for (const username of ["erin", "frank", "grace"]) {
      const response = await signInAtIdp(client, idp, "idp-client_secret_basic", username)
      expect(redirectOf(response)).toBe(APP_ORIGIN)
    }

    expect(log.errors).toEqual([])
    const discoveries = recorder.urls.filter((url) =>
      url.pathname.endsWith("/openid-configuration"),
    )
    expect(discoveries).toHaveLength(1)
    const jwks = recorder.urls.filter((url) => url.pathname === "/jwks")
    expect(jwks).toHaveLength(1)
  })

  it("sends every request to the provider through its customFetch", async () => {
    const recorder = recordingFetch()
    const { client } = createApp({
      providers: [
        {
          ...provider("private_key_jwt"),
          idToken: false,
          [customFetch]: recorder.fetch,
        },
      ],
    })
    const before = idp.requests.length

    await signInAtIdp(client, idp, "idp-private_key_jwt", "heidi")

    const paths = recorder.urls.map((url) => url.pathname)
    expect(paths).toEqual(["/.well-known/openid-configuration", "/token", "/jwks", "/me"])
    // The IdP saw the same server-to-server requests (the rest came from the browser).
    const serverSide = idp.requests
      .slice(before)
      .filter(
        (request) => !request.url.startsWith("/auth") && !request.url.startsWith("/interaction"),
      )
      .map((request) => new URL(request.url, idp.issuer).pathname)
    expect(serverSide).toEqual(paths)
  })

  it("sends the app to the sign-in action's authorization URL only once per sign-in", async () => {
    const { client } = createApp({ providers: [provider("client_secret_basic")] })
    const authorization = await authorizeAtIdp(client, idp, "idp-client_secret_basic", "ivan")

    expect(authorization.params.get("iss")).toBe(idp.issuer)
    expect(redirectOf(await deliver(client, authorization))).toBe(APP_ORIGIN)
  })

  it("refuses the sign-in when the signIn callback returns false, and follows a returned URL", async () => {
    const { client, log } = createApp({
      providers: [provider("client_secret_basic")],
      callbacks: {
        signIn: ({ profile, user, account }) => {
          expect(account).toMatchObject({ provider: "idp-client_secret_basic" })
          expect(user.email).toBe(profile?.email)
          return profile?.sub === "mallory" ? false : "/blocked?reason=review"
        },
      },
    })

    const refused = await signInAtIdp(client, idp, "idp-client_secret_basic", "mallory")
    expect(locationOf(refused).pathname).toBe("/auth/error")
    expect(locationOf(refused).searchParams.get("error")).toBe("AccessDenied")
    expect(log.errors).toHaveLength(1)

    const redirected = await signInAtIdp(client, idp, "idp-client_secret_basic", "trent")
    expect(redirectOf(redirected)).toBe(`${APP_ORIGIN}/blocked?reason=review`)
    expect(deletedCookies(redirected)).toContain("authjs.pkce.code_verifier")
    expect(await client.session()).toBeNull()
  })

  it("emits the signIn event with the user, account and profile", async () => {
    const messages: unknown[] = []
    const { client } = createApp({
      providers: [provider("client_secret_basic")],
      events: { signIn: (message) => void messages.push(message) },
    })

    await signInAtIdp(client, idp, "idp-client_secret_basic", "judy")

    expect(messages).toEqual([
      {
        user: expect.objectContaining({ email: "judy@example.test", id: expect.any(String) }),
        account: expect.objectContaining({ providerAccountId: "judy", type: "oidc" }),
        profile: expect.objectContaining({ sub: "judy" }),
        isNewUser: undefined,
      },
    ])
  })
})
