import { createHash, randomBytes, randomUUID } from "node:crypto"
import { CookieJar, type OAuth2Server, parseSetCookie, startOAuth2Server } from "@auth/dev-servers"
import { createRemoteJWKSet, jwtVerify, SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import GitHub, { type GitHubProfile } from "../src/providers/github.js"
import type { OAuthConfigInternal } from "../src/providers/oauth.js"
import type { Profile } from "../src/types.js"
import { type Idp, type IdpClient, startIdentityProvider } from "./support/idp.js"

// Nothing listens here: the tests deliver authorization responses themselves.
const REDIRECT_URI = "http://127.0.0.1:9/auth/callback/idp"
const FORM_ENCODED = { "content-type": "application/x-www-form-urlencoded" }

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  userinfo_endpoint: string
  jwks_uri: string
  authorization_response_iss_parameter_supported?: boolean
  code_challenge_methods_supported?: string[]
  token_endpoint_auth_methods_supported?: string[]
  response_modes_supported?: string[]
}

interface TokenResponse {
  access_token?: string
  id_token?: string
  token_type?: string
  error?: string
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url")
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") }
}

function basicAuth(id: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+")
  return `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString("base64")}`
}

describe("test identity provider (oidc-provider)", () => {
  let idp: Idp
  let discovery: Discovery

  beforeAll(async () => {
    idp = await startIdentityProvider({
      redirectUris: [REDIRECT_URI],
      accounts: { carol: { name: "Carol Danvers", email: "captain@example.test" } },
    })
    discovery = (await (
      await fetch(`${idp.issuer}/.well-known/openid-configuration`)
    ).json()) as Discovery
  })

  afterAll(async () => {
    await idp?.close()
  })

  function authorizationUrl(
    client: IdpClient,
    params: Record<string, string> = {},
  ): { url: URL; state: string; nonce: string; verifier: string } {
    const { verifier, challenge } = pkcePair()
    const state = randomUUID()
    const nonce = randomUUID()
    const url = new URL(discovery.authorization_endpoint)
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: REDIRECT_URI,
      scope: "openid profile email",
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: "S256",
      ...params,
    }).toString()
    return { url, state, nonce, verifier }
  }

  async function tokenRequest(
    body: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: TokenResponse }> {
    const response = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { ...FORM_ENCODED, ...headers },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        redirect_uri: REDIRECT_URI,
        ...body,
      }),
    })
    return { status: response.status, json: (await response.json()) as TokenResponse }
  }

  it("serves discovery with RFC 9207 iss, S256 PKCE and the four client auth methods", () => {
    expect(discovery.issuer).toBe(idp.issuer)
    expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(discovery.authorization_response_iss_parameter_supported).toBe(true)
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"])
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining([
        "client_secret_basic",
        "client_secret_post",
        "none",
        "private_key_jwt",
      ]),
    )
    expect(discovery.response_modes_supported).toContain("form_post")
  })

  it("runs authorization code + PKCE with client_secret_basic, an ID token and userinfo", async () => {
    const client = idp.clients.client_secret_basic
    const { url, state, nonce, verifier } = authorizationUrl(client)
    const jar = new CookieJar()

    const response = await idp.login(jar, url, "alice")

    expect(response.responseMode).toBe("query")
    expect(`${response.url.origin}${response.url.pathname}`).toBe(REDIRECT_URI)
    expect(response.params.get("state")).toBe(state)
    expect(response.params.get("iss")).toBe(idp.issuer)
    const code = response.params.get("code")
    expect(code).toBeTruthy()

    const tokens = await tokenRequest(
      { code: code ?? "", code_verifier: verifier },
      { authorization: basicAuth(client.clientId, client.clientSecret ?? "") },
    )
    expect(tokens.status).toBe(200)
    expect(tokens.json.token_type).toBe("Bearer")

    const { payload } = await jwtVerify(
      tokens.json.id_token ?? "",
      createRemoteJWKSet(new URL(discovery.jwks_uri)),
      { issuer: idp.issuer, audience: client.clientId },
    )
    expect(payload).toMatchObject({
      sub: "alice",
      nonce,
      name: "Alice",
      email: "alice@example.test",
      email_verified: true,
      picture: "https://images.example.test/alice.png",
    })

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.json.access_token}` },
    })
    expect(userinfo.status).toBe(200)
    expect(await userinfo.json()).toEqual(idp.claimsFor("alice"))
  })

  it("returns the form_post fields and accepts client_secret_post", async () => {
    const client = idp.clients.client_secret_post
    const { url, state, verifier } = authorizationUrl(client, { response_mode: "form_post" })

    const response = await idp.login(new CookieJar(), url, "carol")

    expect(response.responseMode).toBe("form_post")
    expect(response.url.href).toBe(REDIRECT_URI)
    expect([...response.params.keys()].sort()).toEqual(["code", "iss", "state"])
    expect(response.params.get("state")).toBe(state)
    expect(response.params.get("iss")).toBe(idp.issuer)

    const tokens = await tokenRequest({
      code: response.params.get("code") ?? "",
      code_verifier: verifier,
      client_id: client.clientId,
      client_secret: client.clientSecret ?? "",
    })
    expect(tokens.status).toBe(200)
    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.json.access_token}` },
    })
    expect(await userinfo.json()).toMatchObject({
      name: "Carol Danvers",
      email: "captain@example.test",
    })
  })

  it("requires PKCE of the public client", async () => {
    const client = idp.clients.none
    const { url } = authorizationUrl(client)
    url.searchParams.delete("code_challenge")
    url.searchParams.delete("code_challenge_method")

    const rejected = await idp.login(new CookieJar(), url, "alice")
    expect(rejected.params.get("error")).toBe("invalid_request")

    const { url: withPkce, verifier } = authorizationUrl(client)
    const response = await idp.login(new CookieJar(), withPkce, "alice")
    const tokens = await tokenRequest({
      code: response.params.get("code") ?? "",
      code_verifier: verifier,
      client_id: client.clientId,
    })
    expect(tokens.status).toBe(200)
    expect(tokens.json.id_token).toBeTruthy()
  })

  it("accepts private_key_jwt with the exposed CryptoKey", async () => {
    const client = idp.clients.private_key_jwt
    expect(client.privateKey).toBeInstanceOf(CryptoKey)
    const { url, verifier } = authorizationUrl(client)
    const response = await idp.login(new CookieJar(), url, "alice")
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: client.alg, kid: client.kid })
      .setIssuer(client.clientId)
      .setSubject(client.clientId)
      .setAudience([idp.issuer, discovery.token_endpoint])
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime("1m")
      .sign(client.privateKey)

    const tokens = await tokenRequest({
      code: response.params.get("code") ?? "",
      code_verifier: verifier,
      client_id: client.clientId,
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: assertion,
    })
    expect(tokens.status).toBe(200)
    expect(tokens.json.access_token).toBeTruthy()
  })

  it("rejects a replayed code with invalid_grant", async () => {
    const client = idp.clients.client_secret_basic
    const { url, verifier } = authorizationUrl(client)
    const response = await idp.login(new CookieJar(), url, "alice")
    const exchange = () =>
      tokenRequest(
        { code: response.params.get("code") ?? "", code_verifier: verifier },
        { authorization: basicAuth(client.clientId, client.clientSecret ?? "") },
      )
    expect((await exchange()).status).toBe(200)
    const replay = await exchange()
    expect(replay.status).toBe(400)
    expect(replay.json.error).toBe("invalid_grant")
  })

  it("reuses the IdP session of the same jar", async () => {
    const jar = new CookieJar()
    const client = idp.clients.client_secret_basic
    await idp.login(jar, authorizationUrl(client).url, "alice")
    const loginRequests = idp.requests.length

    const again = await idp.login(jar, authorizationUrl(client).url, "alice")

    expect(again.params.get("code")).toBeTruthy()
    expect(idp.requests.slice(loginRequests).some((r) => r.method === "POST")).toBe(false)
  })

  it("returns access_denied when the user cancels", async () => {
    const { url, state } = authorizationUrl(idp.clients.client_secret_basic)
    const response = await idp.deny(new CookieJar(), url)
    expect(response.params.get("error")).toBe("access_denied")
    expect(response.params.get("state")).toBe(state)
    expect(response.params.get("iss")).toBe(idp.issuer)
  })

  it("fails the next request to an endpoint on demand, once", async () => {
    const client = idp.clients.client_secret_basic
    idp.failNext("token")
    idp.failNext("userinfo", { error: "invalid_token", status: 401 })
    idp.failNext("discovery", { garbage: "<html>oops</html>", contentType: "text/html" })

    const discoveryResponse = await fetch(`${idp.issuer}/.well-known/openid-configuration`)
    expect(discoveryResponse.headers.get("content-type")).toBe("text/html")
    expect(await discoveryResponse.text()).toBe("<html>oops</html>")

    const { url, verifier } = authorizationUrl(client)
    const code = (await idp.login(new CookieJar(), url, "alice")).params.get("code") ?? ""
    const auth = { authorization: basicAuth(client.clientId, client.clientSecret ?? "") }
    const failed = await tokenRequest({ code, code_verifier: verifier }, auth)
    expect(failed).toEqual({
      status: 500,
      json: { error: "server_error", error_description: "Failure induced by the test." },
    })
    const tokens = await tokenRequest({ code, code_verifier: verifier }, auth)
    expect(tokens.status).toBe(200)

    const userinfo = () =>
      fetch(discovery.userinfo_endpoint, {
        headers: { authorization: `Bearer ${tokens.json.access_token}` },
      })
    expect((await userinfo()).status).toBe(401)
    expect((await userinfo()).status).toBe(200)
  })

  it("accepts redirect URIs set after start", async () => {
    const later = "http://127.0.0.1:10/auth/callback/idp"
    const { url } = authorizationUrl(idp.clients.client_secret_basic, { redirect_uri: later })
    await expect(idp.login(new CookieJar(), url, "alice")).rejects.toThrow(/redirect_uri/)

    idp.setRedirectUris([REDIRECT_URI, later])
    const response = await idp.login(new CookieJar(), url, "alice")
    expect(response.url.origin).toBe("http://127.0.0.1:10")
    expect(response.params.get("code")).toBeTruthy()
  })

  it("gives the engine provider options wired to a client", () => {
    expect(idp.oidcProvider("client_secret_post")).toMatchObject({
      id: "idp",
      type: "oidc",
      issuer: idp.issuer,
      clientId: idp.clients.client_secret_post.clientId,
      clientSecret: idp.clients.client_secret_post.clientSecret,
      client: { token_endpoint_auth_method: "client_secret_post" },
    })
    expect(idp.oidcProvider("private_key_jwt").token).toEqual({
      clientPrivateKey: {
        key: idp.clients.private_key_jwt.privateKey,
        kid: idp.clients.private_key_jwt.kid,
      },
    })
  })
})

describe("plain OAuth 2 server (GitHub-like)", () => {
  let server: OAuth2Server

  beforeAll(async () => {
    server = await startOAuth2Server({
      redirectUris: [REDIRECT_URI],
      users: { hidden: { email: null } },
    })
  })

  afterAll(async () => {
    await server?.close()
  })

  function authorizationUrl(params: Record<string, string> = {}) {
    const { verifier, challenge } = pkcePair()
    const url = new URL(server.authorizationEndpoint)
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: server.clientId,
      redirect_uri: REDIRECT_URI,
      scope: "read:user user:email",
      state: "state-1",
      code_challenge: challenge,
      code_challenge_method: "S256",
      ...params,
    }).toString()
    return { url, verifier }
  }

  async function exchange(code: string, verifier: string, post = false) {
    const response = await fetch(server.tokenEndpoint, {
      method: "POST",
      headers: {
        ...FORM_ENCODED,
        accept: "application/json",
        ...(post ? {} : { authorization: basicAuth(server.clientId, server.clientSecret) }),
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        ...(post ? { client_id: server.clientId, client_secret: server.clientSecret } : {}),
      }),
    })
    const text = await response.text()
    return { status: response.status, text, json: () => JSON.parse(text) as TokenResponse }
  }

  it("runs authorize → token (client_secret_basic, PKCE) → userinfo without an ID token", async () => {
    const { url, verifier } = authorizationUrl({ login: "alice" })
    const response = await server.authorize(url)
    expect(`${response.url.origin}${response.url.pathname}`).toBe(REDIRECT_URI)
    expect(response.params.get("state")).toBe("state-1")
    expect(response.params.has("iss")).toBe(false)

    const tokens = await exchange(response.params.get("code") ?? "", verifier)
    expect(tokens.status).toBe(200)
    expect(tokens.json()).toMatchObject({ token_type: "bearer", scope: "read:user user:email" })
    expect(tokens.json().id_token).toBeUndefined()

    const user = await fetch(server.userinfoEndpoint, {
      headers: { authorization: `Bearer ${tokens.json().access_token}` },
    })
    expect(await user.json()).toEqual({
      id: expect.any(Number),
      login: "alice",
      name: "Alice",
      email: "alice@example.test",
      avatar_url: expect.stringMatching(/^https:\/\/avatars\.example\.test\/u\/\d+$/),
    })
    const recorded = server.requests.find((r) => r.url.startsWith("/login/oauth/access_token"))
    expect(recorded?.body).toContain("code_verifier=")
  })

  it("serves the GitHub Enterprise paths and the e-mail list", async () => {
    const { url, verifier } = authorizationUrl({ login: "hidden" })
    const code = (await server.authorize(url)).params.get("code") ?? ""
    const { access_token } = (await exchange(code, verifier, true)).json()
    const headers = { authorization: `Bearer ${access_token}` }

    const user = (await (await fetch(`${server.url}/api/v3/user`, { headers })).json()) as {
      email: unknown
    }
    expect(user.email).toBeNull()
    expect(await (await fetch(`${server.url}/api/v3/user/emails`, { headers })).json()).toEqual([
      { email: "hidden@example.test", primary: true, verified: true, visibility: "private" },
    ])
    expect((await fetch(`${server.url}/user`)).status).toBe(401)
  })

  it("serves the built-in GitHub provider, e-mail fallback included", async () => {
    const github = GitHub({ enterprise: { baseUrl: server.url } })
    expect(github.authorization).toMatchObject({ url: server.authorizationEndpoint })
    expect(github.token).toBe(server.tokenEndpoint)
    const { url, verifier } = authorizationUrl({ login: "hidden" })
    const code = (await server.authorize(url)).params.get("code") ?? ""
    const { access_token } = (await exchange(code, verifier)).json()
    const tokens = { access_token, token_type: "bearer" } as const
    const { userinfo } = github
    if (typeof userinfo !== "object" || !userinfo.request) throw new Error("no userinfo.request")
    const provider = {
      ...github,
      signinUrl: "http://app.test/auth/signin/github",
      callbackUrl: "http://app.test/auth/callback/github",
    } as unknown as OAuthConfigInternal<Profile>

    const profile = (await userinfo.request({ tokens, provider })) as GitHubProfile

    expect(github.profile?.(profile, tokens)).toEqual({
      id: String(server.userFor("hidden").id),
      name: "Hidden",
      email: "hidden@example.test",
      image: server.userFor("hidden").avatar_url,
    })
    expect(server.requests.at(-1)?.headers["user-agent"]).toBe("authjs")
  })

  it("signs in the default user when no login is given", async () => {
    const { url, verifier } = authorizationUrl()
    const code = (await server.authorize(url)).params.get("code") ?? ""
    const { access_token } = (await exchange(code, verifier)).json()
    const user = await fetch(server.userinfoEndpoint, {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(await user.json()).toMatchObject({ login: "octocat" })
  })

  it("rejects replayed codes, wrong verifiers and wrong secrets", async () => {
    const first = authorizationUrl()
    const code = (await server.authorize(first.url)).params.get("code") ?? ""
    expect((await exchange(code, first.verifier)).status).toBe(200)
    const replay = await exchange(code, first.verifier)
    expect(replay.status).toBe(400)
    expect(replay.json().error).toBe("invalid_grant")

    const second = authorizationUrl()
    const other = (await server.authorize(second.url)).params.get("code") ?? ""
    const wrongVerifier = await exchange(other, pkcePair().verifier)
    expect(wrongVerifier.json().error).toBe("invalid_grant")

    const wrongSecret = await fetch(server.tokenEndpoint, {
      method: "POST",
      headers: { ...FORM_ENCODED, authorization: basicAuth(server.clientId, "nope") },
      body: new URLSearchParams({ grant_type: "authorization_code", code: "x" }),
    })
    expect(wrongSecret.status).toBe(401)
  })

  it("fails authorize, token and userinfo on demand", async () => {
    server.failNext("authorize")
    const denied = await server.authorize(authorizationUrl().url)
    expect(Object.fromEntries(denied.params)).toEqual({
      state: "state-1",
      error: "access_denied",
      error_description: "The user denied the request.",
    })

    const { url, verifier } = authorizationUrl()
    const code = (await server.authorize(url)).params.get("code") ?? ""
    server.failNext("token", { garbage: "not json" })
    const garbage = await exchange(code, verifier)
    expect(garbage).toMatchObject({ status: 200, text: "not json" })

    server.failNext("token", { error: "invalid_client", status: 401 })
    expect((await exchange(code, verifier)).status).toBe(401)

    server.failNext("userinfo")
    expect((await fetch(server.userinfoEndpoint)).status).toBe(500)
  })

  it("refuses unregistered redirect URIs until they are set", async () => {
    const other = "http://127.0.0.1:11/auth/callback/github"
    const { url } = authorizationUrl({ redirect_uri: other })
    await expect(server.authorize(url)).rejects.toThrow(/400/)
    server.setRedirectUris([REDIRECT_URI, other])
    expect((await server.authorize(url)).url.origin).toBe("http://127.0.0.1:11")
  })
})

describe("cookie jar", () => {
  it("stores cookies by name and renders a Cookie header", () => {
    const jar = new CookieJar()
    const headers = new Headers()
    headers.append("set-cookie", "a=1; Path=/; HttpOnly; SameSite=Lax")
    headers.append("set-cookie", "b=2=3; Path=/x; Secure")
    jar.store(new Response(null, { headers }))
    jar.store("a=4; Path=/")
    expect(jar.header()).toBe("a=4; b=2=3")
    expect(jar.get("b")).toMatchObject({ value: "2=3", path: "/x", secure: true })
  })

  it("deletes cookies on Max-Age=0, a negative Max-Age or a past Expires", () => {
    const jar = new CookieJar()
    jar.store(["a=1", "b=2", "c=3", "d=4"])
    jar.store([
      "a=; Max-Age=0",
      "b=; Max-Age=-1",
      "c=; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
      "d=5; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ])
    expect(jar.toObject()).toEqual({ d: "5" })
  })

  it("expires cookies by the injected clock", () => {
    let now = Date.UTC(2030, 0, 1)
    const jar = new CookieJar({ now: () => now })
    jar.store(["short=1; Max-Age=60", `dated=2; Expires=${new Date(now + 120_000).toUTCString()}`])
    now += 61_000
    expect(jar.toObject()).toEqual({ dated: "2" })
    now += 60_000
    expect(jar.header()).toBe("")
  })

  it("parses Set-Cookie attributes", () => {
    expect(parseSetCookie("n=v; Domain=example.test; Max-Age=x; Partitioned")).toEqual({
      name: "n",
      value: "v",
      domain: "example.test",
      httpOnly: false,
      secure: false,
      partitioned: true,
    })
  })
})
