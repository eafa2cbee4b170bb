/**
 * The signed-in user's sessions and accounts from server code (`SvelteKitAuth()`'s
 * `listSessions(event)`, `revokeOtherSessions(event)`, `listAccounts(event)`, …) with real
 * `@auth/core`, on request events as SvelteKit makes them; and `@auth/sveltekit/client`'s
 * browser functions on `<paths.base>/auth`.
 */
import { CookieJar } from "@auth/integration-test"
import { isRedirect } from "@sveltejs/kit"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import {
  listAccounts as listAccountsInBrowser,
  listSessions as listSessionsInBrowser,
  revokeAllSessions as revokeAllSessionsInBrowser,
  revokeOtherSessions as revokeOtherSessionsInBrowser,
  revokeSession as revokeSessionInBrowser,
  unlinkAccount as unlinkAccountInBrowser,
} from "../src/client.js"
import { SvelteKitAuth } from "../src/index.js"
import { setBase } from "./kit-stubs/paths.js"
import {
  APP_RESPONSE,
  createEvent,
  PASSWORD,
  resetKit,
  runHandle,
  storeCookies,
  type TestEvent,
  testConfig,
} from "./support.js"

beforeEach(resetKit)

const FORM = { "content-type": "application/x-www-form-urlencoded" }

/** Signs in through the `signIn` form action; returns the browser's cookie jar. */
async function signedInBrowser(auth: ReturnType<typeof SvelteKitAuth>): Promise<CookieJar> {
  const jar = new CookieJar()
  const body = new URLSearchParams({
    providerId: "credentials",
    username: "ada",
    password: PASSWORD,
  })
  const event = createEvent(
    "/signin",
    { method: "POST", headers: FORM, body },
    { routeId: "/signin" },
  )
  try {
    await auth.signIn(event)
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown
  }
  storeCookies(jar, event)
  return jar
}

/** A page load of `jar`'s browser. */
const pageLoad = (jar: CookieJar) => createEvent("/account", {}, { jar, routeId: "/account" })

/** A form action of `jar`'s browser. */
const formAction = (jar: CookieJar) =>
  createEvent("/account", { method: "POST", headers: FORM, body: "" }, { jar, routeId: "/account" })

describe("server-side session management", () => {
  it("lists, then revokes the other browser's session from a form action", async () => {
    const auth = SvelteKitAuth(testConfig().config)
    const laptop = await signedInBrowser(auth)
    expect(await auth.listSessions(pageLoad(laptop))).toMatchObject({
      sessions: [{ current: true }],
    })

    const phone = await signedInBrowser(auth)
    const listed = await auth.listSessions(pageLoad(laptop))
    expect(
      listed.error !== undefined ? [] : listed.sessions.map((session) => session.current).sort(),
    ).toEqual([false, true])
    expect(await auth.listAccounts(pageLoad(laptop))).toEqual({ accounts: [] })

    expect(await auth.revokeOtherSessions(formAction(laptop))).toEqual({ revoked: 1 })

    let phoneSession: unknown
    await runHandle(auth.handle, pageLoad(phone), async (event) => {
      phoneSession = await event.locals.auth()
      return new Response(APP_RESPONSE)
    })
    expect(phoneSession).toBeNull()
  })

  it("revokes all from a form action: the cookie cleared, and locals.auth() sees it", async () => {
    const auth = SvelteKitAuth(testConfig().config)
    const jar = await signedInBrowser(auth)
    expect(await auth.revokeAllSessions(pageLoad(jar))).toEqual({
      error: "MissingCSRF",
      status: 403,
    })

    const event = formAction(jar)
    let after: unknown
    await runHandle(auth.handle, event, async (e) => {
      expect(await auth.revokeAllSessions(e as TestEvent)).toEqual({ revoked: 1 })
      after = await e.locals.auth()
      return new Response(APP_RESPONSE)
    })
    expect(after).toBeNull()
    const cleared = event.setCookies.filter((c) => c.startsWith("authjs.session-token="))
    expect(cleared.at(-1)).toMatch(/^authjs\.session-token=; /)
  })
})

describe("@auth/sveltekit/client", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    setBase("")
  })

  it("manages sessions and accounts on <paths.base>/auth", async () => {
    setBase("/app")
    const requested: string[] = []
    vi.stubGlobal("location", { href: "https://app.test/app/account" })
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      requested.push(`${init?.method ?? "GET"} ${String(input)}`)
      if (String(input).endsWith("/csrf")) return Response.json({ csrfToken: "token" })
      return Response.json({ error: "SessionRequired" }, { status: 401 })
    })

    const refused = { ok: false, error: "SessionRequired", status: 401 }
    expect(await listSessionsInBrowser()).toEqual(refused)
    expect(await revokeSessionInBrowser("id")).toEqual(refused)
    expect(await revokeOtherSessionsInBrowser()).toEqual(refused)
    expect(await revokeAllSessionsInBrowser()).toEqual(refused)
    expect(await listAccountsInBrowser()).toEqual(refused)
    expect(await unlinkAccountInBrowser("github")).toEqual(refused)
    expect(requested.filter((request) => !request.endsWith("/csrf"))).toEqual([
      "GET /app/auth/sessions",
      "POST /app/auth/sessions/revoke",
      "POST /app/auth/sessions/revoke",
      "POST /app/auth/sessions/revoke",
      "GET /app/auth/accounts",
      "POST /app/auth/accounts/unlink",
    ])
  })
})
