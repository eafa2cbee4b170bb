/**
 * The client's session and account management: `listSessions`, the three revocations,
 * `listAccounts` and `unlinkAccount`, against a fake server (what the client parses and sends)
 * and against a real `Auth()` in-process with one cookie jar per browser.
 */
import { CookieJar } from "@auth/dev-servers"
import { describe, expect, it } from "vitest"
import { type Handler, json, routedFetch } from "../../test/support/routed-fetch.js"
import { Auth, type AuthConfigInput } from "../index.js"
import Credentials from "../providers/credentials.js"
import type { AccountInfo, SessionInfo } from "../types/sessions.js"
import { type AuthClient, createAuthClient } from "./client.js"
import type { AuthClientOptions } from "./options.js"
import type { SessionState } from "./types.js"

const ORIGIN = "https://app.test"
const BASE_PATH = "/api/auth"
const CSRF = "csrf-token"
const USER = { name: "Ada", email: "ada@example.test" }

const THIS_BROWSER: SessionInfo = {
  id: "session-1",
  current: true,
  createdAt: "2025-01-01T00:00:00.000Z",
  lastUsedAt: "2025-01-02T00:00:00.000Z",
  userAgent: "Firefox",
  ip: "192.0.2.1",
}
const PHONE: SessionInfo = {
  id: "session-2",
  current: false,
  createdAt: null,
  lastUsedAt: null,
  userAgent: null,
  ip: null,
}
const GITHUB: AccountInfo = { provider: "github", type: "oauth", providerAccountId: "1" }

/**
 * A fake server of one signed-in browser: routes by `METHOD path`, records every request; a
 * revocation of `all`, or of this browser's session id, signs it out.
 */
function fakeServer(overrides: Record<string, Handler> = {}) {
  let signedIn = true
  const routes: Record<string, Handler> = {
    "GET /csrf": () => json({ csrfToken: CSRF }),
    "GET /session": () => json(signedIn ? { user: USER, expires: "2099-01-01" } : null),
    "GET /sessions": () => json({ sessions: [THIS_BROWSER, PHONE] }),
    "POST /sessions/revoke": async (request) => {
      const body = (await request.json()) as { scope?: string; sessionId?: string }
      if (body.scope === "all" || body.sessionId === THIS_BROWSER.id) signedIn = false
      return json({ revoked: body.scope === undefined ? 1 : 2 })
    },
    "GET /accounts": () => json({ accounts: [GITHUB] }),
    "POST /accounts/unlink": () => json({ accounts: [] }),
    ...overrides,
  }
  return routedFetch(BASE_PATH, routes)
}

function openClient(server: { fetch: typeof fetch }, options: AuthClientOptions = {}) {
  const errors: Error[] = []
  const client = createAuthClient({
    basePath: BASE_PATH,
    baseUrl: ORIGIN,
    fetch: server.fetch,
    navigate: () => {},
    currentUrl: () => `${ORIGIN}/page`,
    broadcastChannel: false,
    logger: { error: (error) => errors.push(error) },
    ...options,
  })
  return { client, errors }
}

/** Subscribes to a new store of `client` and resolves once it knows the session. */
async function watchedStore(client: AuthClient) {
  const store = client.createSessionStore()
  const stop = store.subscribe(() => {})
  await store.refetch()
  return { store, stop }
}

/** Resolves with the first message heard on `channel`. */
function nextMessage(channel: string): Promise<unknown> {
  const listener = new BroadcastChannel(channel)
  return new Promise((resolve) => {
    listener.onmessage = (event) => {
      listener.close()
      resolve(event.data)
    }
  })
}

describe("listSessions", () => {
  it("lists the sessions, reading absent values as null", async () => {
    const { ip: _ip, userAgent: _userAgent, ...bare } = PHONE
    const server = fakeServer({
      "GET /sessions": () => json({ sessions: [THIS_BROWSER, bare] }),
    })
    const { client } = openClient(server)

    expect(await client.listSessions()).toEqual({ ok: true, sessions: [THIS_BROWSER, PHONE] })
    expect(server.find("GET", "/sessions")?.headers.get("accept")).toBe("application/json")
  })

  it("reports a signed-out visitor as SessionRequired, without logging", async () => {
    const server = fakeServer({ "GET /sessions": () => json({ error: "SessionRequired" }, 401) })
    const { client, errors } = openClient(server)

    expect(await client.listSessions()).toEqual({
      ok: false,
      error: "SessionRequired",
      status: 401,
    })
    expect(errors).toEqual([])
  })

  it("reports a list it cannot read, or no answer, as ClientFetchError, logged", async () => {
    const malformed = openClient(
      fakeServer({ "GET /sessions": () => json({ sessions: [{ ...PHONE, current: "no" }] }) }),
    )
    expect(await malformed.client.listSessions()).toEqual({
      ok: false,
      error: "ClientFetchError",
      status: 200,
    })
    expect(malformed.errors.map((error) => error.message)).toEqual([
      "GET sessions answered 200 without a session list.",
    ])

    const offline = openClient(
      fakeServer({ "GET /sessions": () => Promise.reject(new TypeError("offline")) }),
    )
    expect(await offline.client.listSessions()).toEqual({
      ok: false,
      error: "ClientFetchError",
      status: 0,
    })
    expect(offline.errors.map((error) => error.message)).toEqual(["GET sessions failed."])

    const html = openClient(
      fakeServer({ "GET /sessions": () => new Response("<p>", { status: 502 }) }),
    )
    expect(await html.client.listSessions()).toEqual({
      ok: false,
      error: "ClientFetchError",
      status: 502,
    })
  })
})

describe("revocations", () => {
  it.each([
    [
      "revokeSession",
      (client: AuthClient) => client.revokeSession(PHONE.id),
      { sessionId: PHONE.id },
    ],
    [
      "revokeOtherSessions",
      (client: AuthClient) => client.revokeOtherSessions(),
      { scope: "others" },
    ],
    ["revokeAllSessions", (client: AuthClient) => client.revokeAllSessions(), { scope: "all" }],
  ])("%s posts JSON with the CSRF token", async (_name, run, fields) => {
    const server = fakeServer()
    const { client } = openClient(server)

    expect((await run(client)).ok).toBe(true)

    const post = server.find("POST", "/sessions/revoke")
    expect(post?.headers.get("content-type")).toBe("application/json")
    expect(await post?.json()).toEqual({ csrfToken: CSRF, ...fields })
  })

  it("revoking another session leaves this browser's stores signed in, and tells no tab", async () => {
    const channel = `sessions-test-${Math.random().toString(36).slice(2)}`
    const { client } = openClient(fakeServer(), { broadcastChannel: channel })
    const { store, stop } = await watchedStore(client)
    const heard: unknown[] = []
    const listener = new BroadcastChannel(channel)
    listener.onmessage = (event) => heard.push(event.data)

    expect(await client.revokeSession(PHONE.id)).toEqual({ ok: true, revoked: 1 })
    expect(await client.revokeOtherSessions()).toEqual({ ok: true, revoked: 2 })

    expect(store.get().status).toBe("authenticated")
    listener.close()
    expect(heard).toEqual([])
    stop()
  })

  it.each([
    ["revokeAllSessions", (client: AuthClient) => client.revokeAllSessions()],
    [
      "revokeSession of this browser",
      (client: AuthClient) => client.revokeSession(THIS_BROWSER.id),
    ],
  ])("%s signs the stores out and tells the other tabs", async (_name, run) => {
    const channel = `sessions-test-${Math.random().toString(36).slice(2)}`
    const { client } = openClient(fakeServer(), { broadcastChannel: channel })
    const { store, stop } = await watchedStore(client)
    expect(store.get().status).toBe("authenticated")
    const message = nextMessage(channel)

    expect((await run(client)).ok).toBe(true)

    expect(store.get()).toEqual<SessionState>({ data: null, status: "unauthenticated" })
    expect(await message).toEqual({ event: "session", data: { trigger: "signout" } })
    stop()
  })

  it.each([
    [403, "MissingCSRF"],
    [400, "InvalidRequest"],
    [401, "SessionRequired"],
  ])("passes a %i %s refusal on as a result", async (status, error) => {
    const server = fakeServer({ "POST /sessions/revoke": () => json({ error }, status) })
    const { client, errors } = openClient(server)

    expect(await client.revokeAllSessions()).toEqual({ ok: false, error, status })
    expect(errors).toEqual([])
  })

  it("reports an answer without a count as ClientFetchError, logged", async () => {
    const server = fakeServer({ "POST /sessions/revoke": () => json({ revoked: -1 }) })
    const { client, errors } = openClient(server)

    expect(await client.revokeOtherSessions()).toEqual({
      ok: false,
      error: "ClientFetchError",
      status: 200,
    })
    expect(errors.map((error) => error.message)).toEqual([
      "POST sessions/revoke answered 200 without a revocation count.",
    ])
  })
})

describe("accounts", () => {
  it("lists the linked accounts", async () => {
    const { client } = openClient(fakeServer())

    expect(await client.listAccounts()).toEqual({ ok: true, accounts: [GITHUB] })
  })

  it("unlinks an account with the CSRF token and resolves with the ones left", async () => {
    const server = fakeServer()
    const { client } = openClient(server)

    expect(await client.unlinkAccount("github")).toEqual({ ok: true, accounts: [] })
    expect(await server.find("POST", "/accounts/unlink")?.json()).toEqual({
      csrfToken: CSRF,
      provider: "github",
    })

    await client.unlinkAccount("github", "1")
    const posts = server.requests.filter((r) => r.method === "POST")
    expect(await posts.at(-1)?.json()).toEqual({
      csrfToken: CSRF,
      provider: "github",
      providerAccountId: "1",
    })
  })

  it.each([
    [409, "LastSignInMethod"],
    [404, "AccountNotFound"],
    [403, "MissingCSRF"],
    [401, "SessionRequired"],
  ])("passes a %i %s refusal on as a result", async (status, error) => {
    const server = fakeServer({ "POST /accounts/unlink": () => json({ error }, status) })
    const { client, errors } = openClient(server)

    expect(await client.unlinkAccount("github")).toEqual({ ok: false, error, status })
    expect(errors).toEqual([])
  })

  it("reports a list it cannot read as ClientFetchError, logged", async () => {
    const server = fakeServer({ "GET /accounts": () => json({ accounts: [{ provider: "x" }] }) })
    const { client, errors } = openClient(server)

    expect(await client.listAccounts()).toEqual({
      ok: false,
      error: "ClientFetchError",
      status: 200,
    })
    expect(errors.map((error) => error.message)).toEqual([
      "GET accounts answered 200 without an account list.",
    ])
  })
})

describe("against Auth()", () => {
  const DEMO = { email: "demo@example.test", password: "demo" }
  const config: AuthConfigInput = {
    secret: "sessions-client-test-secret-at-least-32-characters",
    trustHost: true,
    basePath: BASE_PATH,
    session: { strategy: "jwt" },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: ({ email, password }) =>
          email === DEMO.email && password === DEMO.password
            ? { id: "demo", email: DEMO.email }
            : null,
      }),
    ],
  }

  /** One browser: a client whose `fetch` calls `Auth()` with the cookies of its own jar. */
  async function signedInBrowser() {
    const jar = new CookieJar()
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init)
      const cookie = jar.header()
      if (cookie) request.headers.set("cookie", cookie)
      const response = await Auth(request, config)
      jar.store(response)
      return response
    }
    const { client } = openClient({ fetch }, { baseUrl: "http://localhost:3000" })
    const result = await client.signIn("credentials", { ...DEMO, redirect: false })
    expect(result?.ok).toBe(true)
    return client
  }

  it("lists both browsers' sessions, and revokes the other one", async () => {
    const laptop = await signedInBrowser()
    const phone = await signedInBrowser()

    const listed = await laptop.listSessions()
    expect(listed.ok && listed.sessions.map((session) => session.current).sort()).toEqual([
      false,
      true,
    ])

    expect(await laptop.revokeOtherSessions()).toEqual({ ok: true, revoked: 1 })
    expect(await phone.getSession()).toBeNull()
    expect(await laptop.getSession()).not.toBeNull()
    expect(await laptop.listAccounts()).toEqual({ ok: true, accounts: [] })
  })

  it("revokeAllSessions signs this browser's store out", async () => {
    const laptop = await signedInBrowser()
    const { store, stop } = await watchedStore(laptop)
    expect(store.get().status).toBe("authenticated")

    const result = await laptop.revokeAllSessions()

    expect(result.ok).toBe(true)
    expect(store.get().status).toBe("unauthenticated")
    expect(await laptop.listSessions()).toEqual({
      ok: false,
      error: "SessionRequired",
      status: 401,
    })
    stop()
  })
})
