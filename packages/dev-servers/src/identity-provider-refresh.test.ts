import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CookieJar } from "./cookie-jar.js"
import { type Idp, type IdpOptions, startIdentityProvider } from "./identity-provider.js"

const REDIRECT_URI = "http://127.0.0.1:9/callback"

/** The token endpoint's answer to a form, with the basic client's credentials. */
async function tokenRequest(idp: Idp, fields: Record<string, string>) {
  const { clientId, clientSecret } = idp.clients.client_secret_post
  const response = await fetch(`${idp.issuer}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      ...fields,
      client_id: clientId,
      client_secret: clientSecret!,
    }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** Signs `username` in and exchanges the code: the token response. */
async function signIn(idp: Idp, username = "ada") {
  const url = new URL("/auth", idp.issuer)
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: idp.clients.client_secret_post.clientId,
    redirect_uri: REDIRECT_URI,
    scope: "openid email",
  }).toString()
  const { params } = await idp.login(new CookieJar(), url, username)
  return tokenRequest(idp, {
    grant_type: "authorization_code",
    code: params.get("code")!,
    redirect_uri: REDIRECT_URI,
  })
}

function refresh(idp: Idp, refreshToken: unknown) {
  return tokenRequest(idp, { grant_type: "refresh_token", refresh_token: String(refreshToken) })
}

describe("refresh tokens", () => {
  const started: Idp[] = []
  async function start(options: IdpOptions): Promise<Idp> {
    const idp = await startIdentityProvider({ redirectUris: [REDIRECT_URI], ...options })
    started.push(idp)
    return idp
  }
  afterAll(async () => {
    await Promise.all(started.map((idp) => idp.close()))
  })

  it("issues none without offline_access by default", async () => {
    const idp = await start({})
    const { body } = await signIn(idp)
    expect(body.access_token).toBeTruthy()
    expect(body.refresh_token).toBeUndefined()
  })

  it("issues one with every code grant with refreshTokens, with the access token TTL asked", async () => {
    const idp = await start({ refreshTokens: true, accessTokenTtl: 5 })
    const { body } = await signIn(idp)
    expect(body.refresh_token).toBeTruthy()
    expect(body.expires_in).toBe(5)
  })

  describe("with rotation", () => {
    let idp: Idp
    beforeAll(async () => {
      idp = await start({ refreshTokens: true, rotateRefreshTokens: true })
    })

    it("answers a refresh with new tokens, counts it, and refuses the spent refresh token", async () => {
      const { body: first } = await signIn(idp)
      const before = idp.refreshGrants
      const { status, body: refreshed } = await refresh(idp, first.refresh_token)
      expect(status).toBe(200)
      expect(refreshed.access_token).not.toBe(first.access_token)
      expect(refreshed.refresh_token).toBeTruthy()
      expect(refreshed.refresh_token).not.toBe(first.refresh_token)
      expect(idp.refreshGrants).toBe(before + 1)

      const reused = await refresh(idp, first.refresh_token)
      expect(reused.status).toBe(400)
      expect(reused.body.error).toBe("invalid_grant")
      expect(idp.refreshGrants).toBe(before + 2)
      // The reuse revoked the grant: the rotated refresh token is dead too.
      expect((await refresh(idp, refreshed.refresh_token)).body.error).toBe("invalid_grant")
    })
  })

  describe("without rotation", () => {
    let idp: Idp
    beforeAll(async () => {
      idp = await start({ refreshTokens: true, rotateRefreshTokens: false })
    })

    it("keeps the refresh token valid and sends the same one back", async () => {
      const { body: first } = await signIn(idp)
      const once = await refresh(idp, first.refresh_token)
      const twice = await refresh(idp, first.refresh_token)
      expect(once.status).toBe(200)
      expect(once.body.refresh_token).toBe(first.refresh_token)
      expect(twice.status).toBe(200)
      expect(twice.body.access_token).not.toBe(once.body.access_token)
    })

    it("revokes a refresh token and its grant", async () => {
      const { body } = await signIn(idp)
      expect(await idp.revokeRefreshToken(String(body.refresh_token))).toBe(true)
      expect((await refresh(idp, body.refresh_token)).body.error).toBe("invalid_grant")
      expect(await idp.revokeRefreshToken("unknown")).toBe(false)
    })
  })
})
