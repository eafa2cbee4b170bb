/**
 * The signed-in user's sessions and accounts from Hono handlers (`listSessions(c)`,
 * `revokeOtherSessions(c)`, `listAccounts(c)`, …), on a real server (`@hono/node-server`) with
 * real `@auth/core`: two browsers of one user.
 */
import { type ContractApp, HttpClient } from "@auth/integration-test"
import { contractConfig, DEMO_CREDENTIALS } from "@auth/integration-test/fixtures"
import { Hono } from "hono"
import { csrf } from "hono/csrf"
import { afterEach, describe, expect, it } from "vitest"
import {
  authHandler,
  getAuthUser,
  initAuthConfig,
  listAccounts,
  listSessions,
  revokeAllSessions,
  revokeOtherSessions,
} from "../src/index.js"
import { listen } from "./app.js"

let running: ContractApp | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** An app with the auth routes at `/api/auth` and account routes that use the helpers. */
async function accountApp(): Promise<string> {
  const config = contractConfig([])
  const app = new Hono()
  app.use(
    "*",
    initAuthConfig(() => config),
  )
  app.use("/api/auth/*", authHandler())
  app.get("/me", async (c) => c.json((await getAuthUser(c))?.session ?? null))
  app.get("/sessions", async (c) => c.json(await listSessions(c)))
  app.get("/accounts", async (c) => c.json(await listAccounts(c)))
  app.post("/sessions/others", csrf(), async (c) => c.json(await revokeOtherSessions(c)))
  app.on(["GET", "POST"], "/sessions/all", csrf(), async (c) => c.json(await revokeAllSessions(c)))
  running = await listen(app)
  return running.baseUrl
}

async function signedIn(baseUrl: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl, "/api/auth", { browserOrigin: true })
  await client.signIn(DEMO_CREDENTIALS)
  return client
}

const json = async (response: Response) => (await response.json()) as Record<string, unknown>

describe("session management helpers", () => {
  it("list the sessions, then sign the other browser out", async () => {
    const baseUrl = await accountApp()
    const laptop = await signedIn(baseUrl)
    expect(await json(await laptop.fetch("/sessions"))).toMatchObject({
      sessions: [{ current: true }],
    })

    const phone = await signedIn(baseUrl)
    const listed = (await json(await laptop.fetch("/sessions"))) as {
      sessions: Array<{ current: boolean }>
    }
    expect(listed.sessions.map((session) => session.current).sort()).toEqual([false, true])
    expect(await json(await laptop.fetch("/accounts"))).toEqual({ accounts: [] })

    const revoked = await laptop.fetch("/sessions/others", { method: "POST" })
    expect(await json(revoked)).toEqual({ revoked: 1 })
    expect(await (await phone.fetch("/me")).json()).toBeNull()
    expect(await (await laptop.fetch("/me")).json()).not.toBeNull()
  })

  it("revoke all in a POST, clearing the cookie; a GET is refused", async () => {
    const baseUrl = await accountApp()
    const client = await signedIn(baseUrl)
    expect(await json(await client.fetch("/sessions/all"))).toEqual({
      error: "MissingCSRF",
      status: 403,
    })

    const response = await client.fetch("/sessions/all", { method: "POST" })
    expect(await json(response)).toEqual({ revoked: 1 })
    expect(response.headers.get("cache-control")).toBe("private, no-store")
    expect(client.jar.has("authjs.session-token")).toBe(false)
    expect(await (await client.fetch("/me")).json()).toBeNull()
  })
})
