import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createSessionStore, getSession, signIn, signOut } from "../src/client.js"
import { AstroAuth } from "../src/server.js"
import { Browser, ORIGIN, PASSWORD, testConfig, USER } from "./support.js"

/** The page the client runs on, and where it was sent. */
let navigations: string[]
/** The form bodies the client posted, by path. */
let posted: Array<{ path: string; body: URLSearchParams }>
let browser: Browser

/** A browser tab on ORIGIN: `fetch` goes to the auth routes in-process, with a cookie jar. */
function openTab(basePath: string): void {
  const { GET, POST } = AstroAuth(testConfig({ prefix: basePath }))
  browser = new Browser(({ request }) => (request.method === "POST" ? POST : GET)({ request }))
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    if (init.body instanceof URLSearchParams) posted.push({ path: input, body: init.body })
    return browser.send(input, init)
  })
  vi.stubGlobal("location", {
    href: `${ORIGIN}/page`,
    assign: (url: string) => navigations.push(url),
    reload: () => {},
  })
}

beforeEach(() => {
  navigations = []
  posted = []
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("@auth/astro/client", () => {
  it("signs in with auth-astro's options at /api/auth, then goes to callbackUrl", async () => {
    openTab("/api/auth")
    await signIn("credentials", { username: "ada", password: PASSWORD, callbackUrl: "/dashboard" })
    expect(navigations).toEqual([`${ORIGIN}/dashboard`])
    expect(posted[0]?.path).toBe("/api/auth/callback/credentials")
    expect(posted[0]?.body.get("callbackUrl")).toBe("/dashboard")
    expect(browser.jar.has("authjs.session-token")).toBe(true)
  })

  it("talks to the routes at `prefix`, and never sends the prefix itself", async () => {
    openTab("/custom/auth")
    await signIn("credentials", { username: "ada", password: PASSWORD, prefix: "/custom/auth" })
    expect(posted[0]?.path).toBe("/custom/auth/callback/credentials")
    expect(posted[0]?.body.has("prefix")).toBe(false)
    expect(navigations).toEqual([`${ORIGIN}/page`])
    expect(await getSession({ prefix: "/custom/auth" })).toMatchObject({
      user: { email: USER.email },
    })
  })

  it("stays on the page with redirect: false and resolves with the error", async () => {
    openTab("/api/auth")
    const result = await signIn("credentials", {
      username: "ada",
      password: "wrong",
      redirect: false,
    })
    expect(result).toMatchObject({ error: "CredentialsSignin", code: "credentials", ok: false })
    expect(navigations).toEqual([])
  })

  it("signs out and goes to callbackUrl", async () => {
    openTab("/api/auth")
    await signIn("credentials", { username: "ada", password: PASSWORD, redirect: false })
    await signOut({ callbackUrl: "/bye" })
    expect(navigations).toEqual([`${ORIGIN}/bye`])
    expect(browser.jar.has("authjs.session-token")).toBe(false)
    expect(await getSession()).toBeNull()
  })

  it("shares one client per prefix: a store follows a sign-in made with signIn()", async () => {
    openTab("/api/auth")
    const store = createSessionStore({ session: null })
    const stop = store.subscribe(() => {})
    expect(store.get().status).toBe("unauthenticated")
    await signIn("credentials", { username: "ada", password: PASSWORD, redirect: false })
    await vi.waitFor(() => expect(store.get().status).toBe("authenticated"))
    expect(store.get().data).toMatchObject({ user: { email: USER.email } })
    stop()
  })
})
