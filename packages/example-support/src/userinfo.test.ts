/**
 * The userinfo button's two halves against the launcher's identity provider: the tokens an app
 * gets when it asks for `offline_access` with `prompt=consent`, `callUserinfo` calling the
 * userinfo endpoint with them, and what the page says about each answer.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { CookieJar } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ExampleServers, startExampleServers } from "./servers.js"
import { callUserinfo } from "./userinfo.js"
import { describeUserinfo } from "./userinfo-view.js"

const CALLBACK_PATH = "/api/auth/callback/playground-id"

let dataDir: string
let servers: ExampleServers

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "example-userinfo-"))
  servers = await startExampleServers({
    basePath: "/api/auth",
    port: 0,
    dataDir,
    accessTokenTtl: 45,
  })
})

afterAll(async () => {
  await servers?.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** Signs `username` in with the app's client and `params`; the token endpoint's answer. */
async function tokensFor(username: string, params: Record<string, string>) {
  const { idp } = servers
  const client = idp.clients.client_secret_basic
  const redirectUri = `http://localhost:${servers.port}${CALLBACK_PATH}`
  const authorization = new URL("/auth", idp.issuer)
  authorization.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    ...params,
  }).toString()
  const { params: answer } = await idp.login(new CookieJar(), authorization, username)
  const response = await fetch(`${idp.issuer}/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: answer.get("code") ?? "",
      redirect_uri: redirectUri,
    }),
  })
  return (await response.json()) as Record<string, unknown>
}

describe("the launcher's identity provider", () => {
  it("issues a refresh token for offline_access with prompt=consent, and access tokens of the lifetime asked", async () => {
    const tokens = await tokensFor("ada", {
      scope: "openid email offline_access",
      prompt: "login consent",
    })
    expect(tokens.refresh_token).toEqual(expect.any(String))
    expect(tokens.expires_in).toBe(45)
    expect(servers.accessTokenTtl).toBe(45)
  })

  it("drops offline_access without prompt=consent, as oidc-provider does: no refresh token", async () => {
    const tokens = await tokensFor("ada", { scope: "openid email offline_access", prompt: "login" })
    expect(tokens.access_token).toEqual(expect.any(String))
    expect(tokens.refresh_token).toBeUndefined()
  })
})

describe("callUserinfo", () => {
  it("answers the provider's claims, the expiry and a fingerprint of the token", async () => {
    const tokens = await tokensFor("grace", { scope: "openid email" })
    const accessToken = String(tokens.access_token)
    const expiresAt = Math.floor(Date.now() / 1000) + 45

    const reply = await callUserinfo({ accessToken, expiresAt }, servers.idp.issuer)

    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({
      ok: true,
      claims: { sub: "grace", email: "grace@example.test" },
      expiresAt,
    })
    const tokenId = reply.body.ok ? reply.body.tokenId : ""
    expect(tokenId).toMatch(/^[0-9a-f]{16}$/)
    expect(accessToken).not.toContain(tokenId)
  })

  it("says the provider refused a token it does not know", async () => {
    const reply = await callUserinfo(
      { accessToken: "forged", expiresAt: undefined },
      servers.idp.issuer,
    )
    expect(reply).toEqual({ status: 502, body: { ok: false, code: "UserinfoFailed", status: 401 } })
  })

  it("passes getAccessToken's failure on, with a status of its own", async () => {
    expect(await callUserinfo({ code: "AccountNotFound" }, servers.idp.issuer)).toEqual({
      status: 404,
      body: { ok: false, code: "AccountNotFound" },
    })
    expect(await callUserinfo({ code: "RefreshAccessTokenError" }, servers.idp.issuer)).toEqual({
      status: 502,
      body: { ok: false, code: "RefreshAccessTokenError" },
    })
  })
})

describe("describeUserinfo", () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0)
  const answer = (tokenId: string) => ({
    ok: true,
    claims: { sub: "ada" },
    expiresAt: now / 1000 + 30,
    tokenId,
  })

  it("shows the claims and the expiry, and says whether the token changed since the last call", () => {
    const first = describeUserinfo(answer("a"), null, now)
    expect(first.message).toBe("Playground ID's userinfo, fetched with the access token:")
    expect(first.details[0]).toMatch(/^The access token expires at .+ \(in 30 s\)\.$/)
    expect(first.claims).toBe(JSON.stringify({ sub: "ada" }, null, 2))
    expect(describeUserinfo(answer("b"), "a", now).details[1]).toBe(
      "Refreshed: a new access token since the last call.",
    )
    expect(describeUserinfo(answer("a"), "a", now).details[1]).toBe(
      "Not refreshed: the same access token as the last call.",
    )
  })

  it("says why there is nothing to show", () => {
    expect(describeUserinfo({ ok: false, code: "AccountNotFound" }, null).message).toBe(
      "You signed in another way: sign in with Playground ID to call its userinfo.",
    )
    expect(describeUserinfo({ ok: false, code: "RefreshAccessTokenError" }, null).message).toBe(
      "The access token had expired and refreshing it failed (RefreshAccessTokenError): sign in with Playground ID again.",
    )
    expect(describeUserinfo("<html>", null)).toEqual({
      message: "The app gave no answer: see the server log.",
      details: [],
    })
  })
})
