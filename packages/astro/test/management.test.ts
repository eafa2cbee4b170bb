/**
 * The signed-in user's sessions and accounts with real `@auth/core`: from server code
 * (`listSessions(Astro)`, `revokeOtherSessions(context)`, `listAccounts(Astro)`, …) and from
 * the browser (`@auth/astro/client`, its `fetch` going to the auth routes in-process).
 */
import type { APIContext } from "astro"
import { afterEach, describe, expect, it, vi } from "vitest"
import * as client from "../src/client.js"
import {
  AstroAuth,
  getSession,
  listAccounts,
  listSessions,
  revokeAllSessions,
  revokeOtherSessions,
} from "../src/server.js"
import { Browser, ORIGIN, testConfig } from "./support.js"

/** Signs in a new browser through the auth routes of `config`. */
async function signedInBrowser(config: ReturnType<typeof testConfig>): Promise<Browser> {
  const { GET, POST } = AstroAuth(config)
  const browser = new Browser(({ request }) =>
    (request.method === "POST" ? POST : GET)({ request }),
  )
  await browser.signIn("/api/auth")
  return browser
}

/** An endpoint's or action's context for a request of `browser`, recording `cookies.set`. */
function actionContext(browser: Browser, method = "POST") {
  const set: Array<{ name: string; value: string; options: unknown }> = []
  const request = new Request(browser.request("/account"), { method })
  const cookies = {
    set: (name: string, value: string, options: unknown) => set.push({ name, value, options }),
  }
  return {
    context: { request, cookies } as unknown as Pick<APIContext, "request" | "cookies">,
    set,
  }
}

describe("server-side session management", () => {
  it("lists, then revokes the other browser's session from an action", async () => {
    const config = testConfig()
    const laptop = await signedInBrowser(config)
    const page = () => ({ request: laptop.request("/account") })
    expect(await listSessions(page(), config)).toMatchObject({ sessions: [{ current: true }] })

    const phone = await signedInBrowser(config)
    const listed = await listSessions(page(), config)
    expect(
      listed.error !== undefined ? [] : listed.sessions.map((session) => session.current).sort(),
    ).toEqual([false, true])
    expect(await listAccounts(page(), config)).toEqual({ accounts: [] })

    expect(await revokeOtherSessions(actionContext(laptop).context, config)).toEqual({
      revoked: 1,
    })
    expect(await getSession(phone.request("/"), config)).toBeNull()
    expect(await getSession(laptop.request("/"), config)).not.toBeNull()
  })

  it("revokes all from an action, clearing the cookie through Astro's cookies", async () => {
    const config = testConfig()
    const browser = await signedInBrowser(config)
    const rendering = actionContext(browser, "GET")
    expect(await revokeAllSessions(rendering.context, config)).toEqual({
      error: "MissingCSRF",
      status: 403,
    })
    expect(rendering.set).toEqual([])

    const { context, set } = actionContext(browser)
    expect(await revokeAllSessions(context, config)).toEqual({ revoked: 1 })
    expect(set).toContainEqual(expect.objectContaining({ name: "authjs.session-token", value: "" }))
  })
})

describe("@auth/astro/client", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("lists and revokes sessions at the prefix; revoking all signs the store out", async () => {
    const config = testConfig({ prefix: "/auth" })
    const { GET, POST } = AstroAuth(config)
    const browser = new Browser(({ request }) =>
      (request.method === "POST" ? POST : GET)({ request }),
    )
    await browser.signIn("/auth")
    vi.stubGlobal("fetch", (input: string, init: RequestInit = {}) => browser.send(input, init))
    vi.stubGlobal("location", { href: `${ORIGIN}/page`, assign: () => {}, reload: () => {} })
    const prefix = { prefix: "/auth" }

    const listed = await client.listSessions(prefix)
    expect(listed.ok && listed.sessions.map((session) => session.current)).toEqual([true])
    expect(await client.listAccounts(prefix)).toEqual({ ok: true, accounts: [] })
    expect(await client.unlinkAccount("github", prefix)).toEqual({
      ok: false,
      error: "AccountNotFound",
      status: 404,
    })
    expect(await client.revokeOtherSessions(prefix)).toEqual({ ok: true, revoked: 0 })
    const store = client.createSessionStore(prefix)
    const stop = store.subscribe(() => {})
    await store.refetch()
    expect(store.get().status).toBe("authenticated")

    expect(await client.revokeAllSessions(prefix)).toEqual({ ok: true, revoked: 1 })

    expect(store.get().status).toBe("unauthenticated")
    expect(await client.listSessions(prefix)).toMatchObject({ ok: false, error: "SessionRequired" })
    stop()
  })
})
