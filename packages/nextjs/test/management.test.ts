/**
 * The signed-in user's sessions and accounts from server code (`NextAuth()`'s `listSessions`,
 * `revokeOtherSessions`, `listAccounts`, …) with real `@auth/core`, on the request that
 * `next/headers` describes; and `next-auth/react`'s browser functions on next-auth's base path.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import NextAuth from "../src/index.js"
import {
  listAccounts as listAccountsInBrowser,
  listSessions as listSessionsInBrowser,
  revokeAllSessions as revokeAllSessionsInBrowser,
  revokeOtherSessions as revokeOtherSessionsInBrowser,
  revokeSession as revokeSessionInBrowser,
  unlinkAccount as unlinkAccountInBrowser,
} from "../src/react.js"
import { serverRequest, startServerRequest } from "./server-request.js"
import { ORIGIN, signInThroughHandlers, testConfig } from "./support.js"

vi.mock("next/headers.js", async () => (await import("./server-request.js")).nextHeadersModule)

const HOST = new URL(ORIGIN).host
const ACTION = { "next-action": "7f00a1b2c3" }

describe("server-side session management", () => {
  it("lists, then revokes the other browser's session from a server action", async () => {
    const next = NextAuth(testConfig().config)
    const laptop = await signInThroughHandlers(next.handlers)
    startServerRequest({ host: HOST, cookie: laptop })
    expect(await next.listSessions()).toMatchObject({ sessions: [{ current: true }] })

    const phone = await signInThroughHandlers(next.handlers)
    startServerRequest({ host: HOST, cookie: laptop })
    const listed = await next.listSessions()
    expect(
      listed.error !== undefined ? [] : listed.sessions.map((session) => session.current),
    ).toEqual(expect.arrayContaining([true, false]))
    expect(await next.listAccounts()).toEqual({ accounts: [] })

    startServerRequest({ host: HOST, cookie: laptop, ...ACTION })
    expect(await next.revokeOtherSessions()).toEqual({ revoked: 1 })

    startServerRequest({ host: HOST, cookie: phone })
    expect(await next.auth()).toBeNull()
    startServerRequest({ host: HOST, cookie: laptop })
    expect(await next.auth()).not.toBeNull()
  })

  it("revokes all from a server action, clearing the cookie; refuses it while rendering", async () => {
    const next = NextAuth(testConfig().config)
    const cookie = await signInThroughHandlers(next.handlers)

    startServerRequest({ host: HOST, cookie })
    expect(await next.revokeAllSessions()).toEqual({ error: "MissingCSRF", status: 403 })
    expect(serverRequest.set).toEqual([])

    startServerRequest({ host: HOST, cookie, ...ACTION })
    expect(await next.revokeAllSessions()).toEqual({ revoked: 1 })
    const cleared = serverRequest.set.find((set) => set.name === "authjs.session-token")
    expect(cleared?.value).toBe("")
    expect(await next.listSessions()).toEqual({ error: "SessionRequired", status: 401 })
  })
})

describe("next-auth/react", () => {
  const requested: string[] = []

  beforeEach(() => {
    requested.length = 0
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      requested.push(`${init?.method ?? "GET"} ${String(input)}`)
      if (String(input).endsWith("/csrf")) return Response.json({ csrfToken: "token" })
      return Response.json({ error: "SessionRequired" }, { status: 401 })
    })
  })

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("manages sessions and accounts on /api/auth", async () => {
    const refused = { ok: false, error: "SessionRequired", status: 401 }
    expect(await listSessionsInBrowser()).toEqual(refused)
    expect(await revokeSessionInBrowser("id")).toEqual(refused)
    expect(await revokeOtherSessionsInBrowser()).toEqual(refused)
    expect(await revokeAllSessionsInBrowser()).toEqual(refused)
    expect(await listAccountsInBrowser()).toEqual(refused)
    expect(await unlinkAccountInBrowser("github")).toEqual(refused)
    expect(requested.filter((request) => !request.endsWith("/csrf"))).toEqual([
      "GET /api/auth/sessions",
      "POST /api/auth/sessions/revoke",
      "POST /api/auth/sessions/revoke",
      "POST /api/auth/sessions/revoke",
      "GET /api/auth/accounts",
      "POST /api/auth/accounts/unlink",
    ])
  })
})
