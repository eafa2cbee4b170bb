/**
 * The signed-in user's sessions and accounts with real `@auth/core`: from server functions
 * (`SolidAuth()`'s `listSessions`, `revokeOtherSessions`, `listAccounts`, …) on request events
 * as SolidStart makes them, and from the browser (`@auth/solid-start/client`'s functions of
 * `createAuthClient`, its `fetch` going to the catch-all route in-process).
 */
import { describe, expect, it } from "vitest"
import { createAuthClient } from "../src/client.js"
import { SolidAuth } from "../src/index.js"
import {
  COOKIES,
  CookieJar,
  createEvent,
  DEMO_CREDENTIALS,
  ORIGIN,
  storeCookies,
  testConfig,
  withEvent,
} from "./support.js"

/** Signs a new browser in through the catch-all route; returns its cookie jar. */
async function signedInBrowser(auth: ReturnType<typeof SolidAuth>): Promise<CookieJar> {
  const jar = new CookieJar()
  const csrf = await auth.GET(createEvent("/api/auth/csrf", {}, { jar }))
  storeCookies(jar, csrf)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const body = new URLSearchParams({ ...DEMO_CREDENTIALS, csrfToken })
  const headers = { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN }
  const init = { method: "POST", headers, body }
  storeCookies(jar, await auth.POST(createEvent("/api/auth/callback/credentials", init, { jar })))
  return jar
}

/** A server function call of `jar`'s browser from a page of this origin. */
const actionCall = (jar: CookieJar) =>
  createEvent("/_server", { method: "POST", headers: { origin: ORIGIN } }, { jar })

/** A `query` run while rendering a page of `jar`'s browser. */
const pageQuery = (jar: CookieJar) => createEvent("/account", {}, { jar })

describe("server-side session management", () => {
  it("lists, then revokes the other browser's session from an action", async () => {
    const auth = SolidAuth(testConfig().config)
    const laptop = await signedInBrowser(auth)
    const listOne = await withEvent(pageQuery(laptop), () => auth.listSessions())
    expect(listOne).toMatchObject({ sessions: [{ current: true }] })

    const phone = await signedInBrowser(auth)
    const listed = await auth.listSessions(pageQuery(laptop))
    expect(
      listed.error !== undefined ? [] : listed.sessions.map((session) => session.current).sort(),
    ).toEqual([false, true])
    expect(await auth.listAccounts(pageQuery(laptop))).toEqual({ accounts: [] })

    const revoked = await withEvent(actionCall(laptop), () => auth.revokeOtherSessions())
    expect(revoked).toEqual({ revoked: 1 })
    expect(await auth.auth(pageQuery(phone))).toBeNull()
    expect(await auth.auth(pageQuery(laptop))).not.toBeNull()
  })

  it("revokes all from an action, clearing the cookie on the response; refuses a GET", async () => {
    const auth = SolidAuth(testConfig().config)
    const jar = await signedInBrowser(auth)
    expect(await auth.revokeAllSessions(pageQuery(jar))).toEqual({
      error: "MissingCSRF",
      status: 403,
    })

    const call = actionCall(jar)
    expect(await auth.revokeAllSessions(call)).toEqual({ revoked: 1 })
    expect(await auth.auth(call)).toBeNull()
    storeCookies(jar, call)
    expect(jar.has(COOKIES.session)).toBe(false)
  })
})

describe("@auth/solid-start/client", () => {
  it("lists sessions and accounts, and revokes the others, through the auth routes", async () => {
    const auth = SolidAuth(testConfig().config)
    const phone = await signedInBrowser(auth)
    const jar = await signedInBrowser(auth)
    const client = createAuthClient({
      baseUrl: ORIGIN,
      broadcastChannel: false,
      fetch: async (input, init) => {
        const request = new Request(input, init)
        const event = createEvent(new URL(request.url).pathname, init, { jar })
        const response = await (request.method === "POST" ? auth.POST : auth.GET)(event)
        storeCookies(jar, response)
        return response
      },
    })

    const listed = await client.listSessions()
    expect(listed.ok && listed.sessions.map((session) => session.current).sort()).toEqual([
      false,
      true,
    ])
    expect(await client.listAccounts()).toEqual({ ok: true, accounts: [] })
    expect(await client.revokeOtherSessions()).toEqual({ ok: true, revoked: 1 })
    expect(await auth.auth(pageQuery(phone))).toBeNull()
  })
})
