/**
 * The access-token contract: an integration's `getAccessToken` on a real server, against the
 * real identity provider of `@auth/dev-servers` (refresh tokens on, short-lived access tokens).
 * A user signs in through the OAuth flow, their token expires, and the route that calls the
 * provider's API gets a refreshed one, with one refresh grant however many ask at once; with JWT
 * sessions the re-sealed cookie reaches the browser, with database sessions the account row is
 * updated.
 */
import type { AdapterAccount } from "@auth/core/adapters"
import { decode, encode } from "@auth/core/jwt"
import { MemoryAdapter } from "@auth/core/memory-adapter"
import type { AuthConfig } from "@auth/core/types"
import { type Idp, CookieJar as IdpCookieJar, startIdentityProvider } from "@auth/dev-servers"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HttpClient } from "../client.js"
import type { ContractApp } from "../contract.js"

const COOKIE = "authjs.session-token"
/** Seconds the provider's access tokens are valid. */
const ACCESS_TOKEN_TTL = 120
const CONCURRENT_REQUESTS = 10

/** Options of {@link runAccessTokenContract}. */
export interface AccessTokenContractOptions {
  /** The integration's name, shown in the test names. */
  readonly name: string
  /** The config's secret, which the suite needs to make a token look expired. */
  readonly secret: string
  /**
   * Starts a real HTTP server on `127.0.0.1`, port `0`, serving `config` (it names provider
   * `idp`) with the auth routes at `/auth` and `GET /token`, which calls the integration's
   * `getAccessToken` for `idp` and answers the result as JSON: `{ code }` when it failed, else
   * the token (`{ accessToken, expiresAt, … }`).
   */
  readonly startApp: (config: AuthConfig) => Promise<ContractApp>
}

/** Registers the access-token contract for one integration. */
export function runAccessTokenContract(options: AccessTokenContractOptions): void {
  const { secret } = options
  let idp: Idp
  const adapter = MemoryAdapter()
  let jwtApp: ContractApp
  let databaseApp: ContractApp

  function configOf(session: AuthConfig["session"], withAdapter: boolean): AuthConfig {
    const { clientId, clientSecret } = idp.clients.client_secret_basic
    return {
      secret,
      trustHost: true,
      basePath: "/auth",
      providers: [
        { id: "idp", name: "Test IdP", type: "oidc", issuer: idp.issuer, clientId, clientSecret },
      ],
      session,
      ...(withAdapter ? { adapter } : {}),
    }
  }

  beforeAll(async () => {
    idp = await startIdentityProvider({ refreshTokens: true, accessTokenTtl: ACCESS_TOKEN_TTL })
    ;[jwtApp, databaseApp] = await Promise.all([
      options.startApp(configOf({ strategy: "jwt", storeTokens: true }, false)),
      options.startApp(configOf({ strategy: "database" }, true)),
    ])
    idp.setRedirectUris([jwtApp, databaseApp].map((app) => `${app.baseUrl}/auth/callback/idp`))
  })

  afterAll(async () => {
    await Promise.all([jwtApp?.close(), databaseApp?.close(), idp?.close()])
  })

  /** A browser signed in at the provider as a new user, through the app's OAuth flow. */
  async function signedIn(app: ContractApp): Promise<{ client: HttpClient; username: string }> {
    const username = `user-${crypto.randomUUID().slice(0, 8)}`
    const client = new HttpClient(app.baseUrl, "/auth")
    const csrfToken = await client.csrfToken()
    const started = await client.postForm("/signin/idp", { csrfToken })
    expect(started.status).toBe(302)
    const authorization = await idp.login(
      new IdpCookieJar(),
      started.headers.get("location") ?? "",
      username,
    )
    const callback = await client.fetch(`${authorization.url.pathname}${authorization.url.search}`)
    expect(callback.status).toBe(302)
    expect(client.jar.has(COOKIE)).toBe(true)
    return { client, username }
  }

  /** Makes the access token in the browser's session cookie look expired (JWT sessions). */
  async function expireInCookie(client: HttpClient): Promise<string> {
    const token = await decode({ token: client.jar.get(COOKIE), secret, salt: COOKIE })
    expect(token).not.toBeNull()
    const entry = (token!.providerTokens as Record<string, Record<string, unknown>>).idp!
    entry.expires_at = now() - 10
    client.jar.set(COOKIE, await encode({ token: token!, secret, salt: COOKIE }))
    return entry.access_token as string
  }

  async function accountOf(username: string): Promise<AdapterAccount> {
    const account = await adapter.getAccount!(username, "idp")
    expect(account).not.toBeNull()
    return account!
  }

  describe(`getAccessToken (${options.name})`, () => {
    it("answers SessionRequired to a signed-out browser, setting no cookie", async () => {
      const response = await new HttpClient(jwtApp.baseUrl, "/auth").fetch("/token")
      expect(await tokenOf(response)).toEqual({ code: "SessionRequired" })
      expect(response.headers.get("set-cookie")).toBeNull()
    })

    it("refreshes an expired token once for concurrent requests and sets the re-sealed cookie", async () => {
      const { client } = await signedIn(jwtApp)
      const old = await expireInCookie(client)
      const cookie = client.jar.header()
      const before = idp.refreshGrants

      const responses = await Promise.all(
        Array.from({ length: CONCURRENT_REQUESTS }, () =>
          fetch(`${jwtApp.baseUrl}/token`, { headers: { cookie } }),
        ),
      )
      const answers = await Promise.all(responses.map(tokenOf))

      expect(idp.refreshGrants).toBe(before + 1)
      const tokens = new Set(answers.map((answer) => answer.accessToken))
      expect(tokens.size).toBe(1)
      const [fresh] = tokens
      expect(fresh).toEqual(expect.any(String))
      expect(fresh).not.toBe(old)
      expect(answers[0]?.expiresAt).toBeGreaterThan(now() + ACCESS_TOKEN_TTL - 10)
      for (const response of responses) {
        const names = response.headers.getSetCookie().map((header) => header.split("=")[0])
        expect(names).toEqual([COOKIE])
        expect(response.headers.get("cache-control")).toBe("private, no-store")
      }

      // The browser keeps the cookie of a response: its next request needs no refresh.
      client.jar.store(responses[0]!)
      const next = await client.fetch("/token")
      expect(await tokenOf(next)).toMatchObject({ accessToken: fresh })
      expect(next.headers.get("set-cookie")).toBeNull()
      expect(idp.refreshGrants).toBe(before + 1)
      // The new token works at the provider.
      const userinfo = await fetch(`${idp.issuer}/me`, {
        headers: { authorization: `Bearer ${fresh}` },
      })
      expect(userinfo.status).toBe(200)
    })

    it("with database sessions, refreshes once and updates the account row", async () => {
      const { client, username } = await signedIn(databaseApp)
      await adapter.updateAccount!({
        provider: "idp",
        providerAccountId: username,
        expires_at: now() - 10,
      })
      const old = await accountOf(username)
      const before = idp.refreshGrants

      const answers = await Promise.all(
        Array.from({ length: CONCURRENT_REQUESTS }, async () =>
          tokenOf(await client.fetch("/token")),
        ),
      )

      expect(idp.refreshGrants).toBe(before + 1)
      const row = await accountOf(username)
      expect(row.access_token).not.toBe(old.access_token)
      expect(row.expires_at).toBeGreaterThan(now() + ACCESS_TOKEN_TTL - 10)
      expect(new Set(answers.map((answer) => answer.accessToken))).toEqual(
        new Set([row.access_token]),
      )
    })
  })
}

type TokenAnswer = { accessToken?: string; expiresAt?: number; code?: string }

async function tokenOf(response: Response): Promise<TokenAnswer> {
  expect(response.status).toBe(200)
  return (await response.json()) as TokenAnswer
}

function now(): number {
  return Math.floor(Date.now() / 1000)
}
