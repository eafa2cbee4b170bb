/**
 * `SvelteKitAuth()`'s `getAccessToken(event, provider)` with real `@auth/core`, on request
 * events as SvelteKit makes them, against the real identity provider of `@auth/dev-servers`
 * (refresh tokens on, short-lived access tokens): a user signs in through the OAuth flow of the
 * `handle` hook, their token expires, and server code gets a refreshed one, with one refresh
 * grant however many requests ask at once and the re-sealed cookie set through `event.cookies`.
 */
import type { AdapterAccount } from "@auth/core/adapters"
import { decode, encode } from "@auth/core/jwt"
import { MemoryAdapter } from "@auth/core/memory-adapter"
import type { OIDCConfig } from "@auth/core/providers"
import { CookieJar } from "@auth/integration-test"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
// `@auth/dev-servers` from its dist, by path: this package does not depend on it.
import {
  type Idp,
  CookieJar as IdpCookieJar,
  startIdentityProvider,
} from "../../dev-servers/dist/index.js"
import { type Profile, SvelteKitAuth, type SvelteKitAuthConfig } from "../src/index.js"
import { createEvent, ORIGIN, resetKit, runHandle, SECRET, storeCookies } from "./support.js"

const COOKIE = "authjs.session-token"
/** Seconds the provider's access tokens are valid. */
const ACCESS_TOKEN_TTL = 120
const CONCURRENT_REQUESTS = 10
const FORM = { "content-type": "application/x-www-form-urlencoded" }

let idp: Idp
const adapter = MemoryAdapter()

beforeAll(async () => {
  idp = await startIdentityProvider({
    refreshTokens: true,
    accessTokenTtl: ACCESS_TOKEN_TTL,
    redirectUris: [`${ORIGIN}/auth/callback/idp`],
  })
})

afterAll(async () => {
  await idp?.close()
})

beforeEach(resetKit)

/** `SvelteKitAuth()` with the provider, discovered through its issuer. */
function auth(session: SvelteKitAuthConfig["session"], withAdapter = false) {
  const { clientId, clientSecret } = idp.clients.client_secret_basic
  const provider: OIDCConfig<Profile> = {
    id: "idp",
    name: "Test IdP",
    type: "oidc",
    issuer: idp.issuer,
    clientId,
    clientSecret,
  }
  return SvelteKitAuth({
    secret: SECRET,
    trustHost: true,
    providers: [provider],
    session,
    ...(withAdapter ? { adapter } : {}),
  })
}

type Auth = ReturnType<typeof auth>

/** Sends a request of `jar`'s browser through the `handle` hook and keeps its cookies. */
async function send(app: Auth, jar: CookieJar, path: string, init: RequestInit = {}) {
  const event = createEvent(path, init, { jar, routeId: null })
  const response = await runHandle(app.handle, event)
  jar.store(response)
  storeCookies(jar, event)
  return response
}

/** A browser signed in at the provider as a new user, through the app's OAuth flow. */
async function signedIn(app: Auth): Promise<{ jar: CookieJar; username: string }> {
  const username = `user-${crypto.randomUUID().slice(0, 8)}`
  const jar = new CookieJar()
  const { csrfToken } = (await (await send(app, jar, "/auth/csrf")).json()) as {
    csrfToken: string
  }
  const body = new URLSearchParams({ csrfToken })
  const started = await send(app, jar, "/auth/signin/idp", { method: "POST", headers: FORM, body })
  expect(started.status).toBe(302)
  const authorization = await idp.login(
    new IdpCookieJar(),
    started.headers.get("location") ?? "",
    username,
  )
  const callback = await send(app, jar, `${authorization.url.pathname}${authorization.url.search}`)
  expect(callback.status).toBe(302)
  expect(jar.has(COOKIE)).toBe(true)
  return { jar, username }
}

/** A page load of `jar`'s browser. */
const pageLoad = (jar: CookieJar) => createEvent("/repos", {}, { jar, routeId: "/repos" })

const now = () => Math.floor(Date.now() / 1000)

/** The names of the cookies an event set. */
const cookieNames = (setCookies: string[]) => setCookies.map((header) => header.split("=")[0])

/** Makes the access token in the browser's session cookie look expired (JWT sessions). */
async function expireInCookie(jar: CookieJar): Promise<string> {
  const token = await decode({ token: jar.get(COOKIE), secret: SECRET, salt: COOKIE })
  expect(token).not.toBeNull()
  const entry = (token!.providerTokens as Record<string, Record<string, unknown>>).idp!
  entry.expires_at = now() - 10
  jar.set(COOKIE, await encode({ token: token!, secret: SECRET, salt: COOKIE }))
  return entry.access_token as string
}

async function accountOf(username: string): Promise<AdapterAccount> {
  const account = await adapter.getAccount!(username, "idp")
  expect(account).not.toBeNull()
  return account!
}

describe("getAccessToken from server code", () => {
  it("answers SessionRequired to a signed-out browser", async () => {
    const event = pageLoad(new CookieJar())
    const result = await auth({ strategy: "jwt", storeTokens: true }).getAccessToken(event, "idp")
    expect(result.code).toBe("SessionRequired")
    expect(event.setCookies).toEqual([])
  })

  it("refreshes an expired token once for concurrent requests and sets the re-sealed cookie through event.cookies", async () => {
    const app = auth({ strategy: "jwt", storeTokens: true })
    const { jar } = await signedIn(app)
    const old = await expireInCookie(jar)
    const before = idp.refreshGrants

    const events = Array.from({ length: CONCURRENT_REQUESTS }, () => pageLoad(jar))
    const results = await Promise.all(events.map((event) => app.getAccessToken(event, "idp")))

    expect(idp.refreshGrants).toBe(before + 1)
    const tokens = new Set(results.map((result) => result.accessToken))
    expect(tokens.size).toBe(1)
    const [fresh] = tokens
    expect(fresh).toEqual(expect.any(String))
    expect(fresh).not.toBe(old)
    expect((results[0] as { expiresAt?: number }).expiresAt).toBeGreaterThan(
      now() + ACCESS_TOKEN_TTL - 10,
    )
    for (const event of events) expect(cookieNames(event.setCookies)).toEqual([COOKIE])

    // The browser keeps the cookie of a response: its next request needs no refresh.
    storeCookies(jar, events[0]!)
    const next = pageLoad(jar)
    expect(await app.getAccessToken(next, "idp")).toMatchObject({ accessToken: fresh })
    expect(next.setCookies).toEqual([])
    expect(idp.refreshGrants).toBe(before + 1)
    const userinfo = await fetch(`${idp.issuer}/me`, {
      headers: { authorization: `Bearer ${fresh}` },
    })
    expect(userinfo.status).toBe(200)
  })

  it("with database sessions, refreshes once and updates the account row", async () => {
    const app = auth({ strategy: "database" }, true)
    const { jar, username } = await signedIn(app)
    await adapter.updateAccount!({
      provider: "idp",
      providerAccountId: username,
      expires_at: now() - 10,
    })
    const old = await accountOf(username)
    const before = idp.refreshGrants

    const results = await Promise.all(
      Array.from({ length: CONCURRENT_REQUESTS }, () => app.getAccessToken(pageLoad(jar), "idp")),
    )

    expect(idp.refreshGrants).toBe(before + 1)
    const row = await accountOf(username)
    expect(row.access_token).not.toBe(old.access_token)
    expect(row.expires_at).toBeGreaterThan(now() + ACCESS_TOKEN_TTL - 10)
    expect(new Set(results.map((result) => result.accessToken))).toEqual(
      new Set([row.access_token]),
    )
  })
})
