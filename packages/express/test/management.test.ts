/**
 * The signed-in user's sessions and accounts from Express routes (`listSessions(req, config)`,
 * `revokeOtherSessions(req, res, config)`, `listAccounts(req, config)`, …), on a real server
 * with real `@auth/core`: two browsers of one user.
 */
import { HttpClient } from "@auth/integration-test"
import { afterEach, describe, expect, it } from "vitest"
import {
  ExpressAuth,
  getSession,
  listAccounts,
  listSessions,
  revokeAllSessions,
  revokeOtherSessions,
} from "../src/index.js"
import { EXPRESS_VERSIONS } from "./app.js"
import { PASSWORD, type Running, serve, testConfig } from "./support.js"

let running: Running | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

describe.each(EXPRESS_VERSIONS)("%s", (_, createApp) => {
  /** An app with the auth routes at `/auth` and an account page that uses the helpers. */
  async function accountApp() {
    const { config } = testConfig()
    running = await serve(createApp, (app) => {
      app.use("/auth", ExpressAuth(config))
      app.get("/me", async (req, res) => void res.json(await getSession(req, config)))
      app.get("/sessions", async (req, res) => void res.json(await listSessions(req, config)))
      app.get("/accounts", async (req, res) => void res.json(await listAccounts(req, config)))
      app.post("/sessions/others", async (req, res) => {
        res.json(await revokeOtherSessions(req, res, config))
      })
      app.all("/sessions/all", async (req, res) => {
        res.json(await revokeAllSessions(req, res, config))
      })
    })
    return running
  }

  async function signedIn(baseUrl: string): Promise<HttpClient> {
    const client = new HttpClient(baseUrl, "/auth")
    await client.signIn({ username: "ada", password: PASSWORD })
    return client
  }

  const json = async (response: Response) => (await response.json()) as Record<string, unknown>

  it("lists the sessions, then signs the other browser out", async () => {
    const { baseUrl } = await accountApp()
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

  it("revokes all in a POST, clearing the cookie on res; refuses a GET", async () => {
    const { baseUrl } = await accountApp()
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
