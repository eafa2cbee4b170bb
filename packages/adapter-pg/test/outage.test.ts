/**
 * PostgreSQL going away under a running app (only with `DATABASE_URL`; nothing is registered
 * without it): the adapter's connections are killed with `pg_terminate_backend`, or cut and
 * refused by a proxy in front of the server. The process survives, requests that need the
 * database get 503 (never a hang: the pool's timeouts bound them), and once the database is back
 * the same process serves the same sessions. The shared server itself is never stopped.
 */
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import Credentials from "../../core/src/providers/credentials.js"
import type { AuthConfig } from "../../core/src/types.js"
import { AuthClient, recordingLogger, SECRET } from "../../core/test/support/client.js"
import { capturingEmailProvider, requestLink } from "../../core/test/support/email.js"
import PostgresAdapter, { applySchema } from "../src/index.js"
import { quietLogger, randomSchemaName } from "./databases.js"
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.js"

const USERS = 20
const COOKIE = "authjs.session-token"
const databaseUrl = process.env.DATABASE_URL

// Without DATABASE_URL the suite is reported as skipped, so the totals say what did not run.
describe.skipIf(!databaseUrl)("a PostgreSQL outage under load (PostgreSQL)", () => {
  const schema = randomSchemaName()
  const applicationName = `auth-outage-${crypto.randomUUID().slice(0, 8)}`
  const poolWarnings: string[] = []
  const log = recordingLogger()
  const mail = capturingEmailProvider()
  let admin: pg.Pool
  let proxy: TcpProxy
  let pool: pg.Pool
  let config: AuthConfig
  const browsers: AuthClient[] = []
  const sessions: unknown[] = []

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    await applySchema(admin, { schema, logger: quietLogger })
    proxy = await startTcpProxy(databaseUrl!)
    // The pool setup the README shows: bounded waits, and no process exit on idle errors.
    pool = new pg.Pool({
      connectionString: proxy.url,
      application_name: applicationName,
      max: 5,
      connectionTimeoutMillis: 1_000,
      query_timeout: 2_000,
      statement_timeout: 2_000,
    })
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: PostgresAdapter(pool, {
        schema,
        logger: { warn: (message) => void poolWarnings.push(message) },
      }),
      logger: log.logger,
      providers: [
        mail.provider,
        Credentials({
          credentials: { username: { type: "text" } },
          authorize: ({ username }) => ({ email: `${String(username)}@example.test` }),
        }),
      ],
    }
    const signIns = Array.from({ length: USERS }, async (_, index) => {
      const browser = new AuthClient(config)
      const response = await browser.signInWithCredentials({ username: `user-${index}` })
      expect(response.status).toBe(302)
      return browser
    })
    browsers.push(...(await Promise.all(signIns)))
    sessions.push(...(await readAll()))
  })

  afterAll(async () => {
    await pool?.end()
    await proxy?.close()
    await admin?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    await admin?.end()
  })

  /** Every browser's GET /session, status and body. */
  /** What a request that needs the unreachable database is answered. */
  const UNAVAILABLE = { message: "The service is temporarily unavailable. Try again in a moment." }

  async function readAll(): Promise<unknown[]> {
    return Promise.all(browsers.map((browser) => browser.session()))
  }

  /** Kills every server process of the app's pool; returns how many there were. */
  async function terminateConnections(): Promise<number> {
    const { rows } = await admin.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE application_name = $1 AND pid <> pg_backend_pid()`,
      [applicationName],
    )
    return (rows[0] as { n: number }).n
  }

  /**
   * Switches the proxy and waits until the pool has dropped every connection it cut (their
   * `error` events are handled), so that each request below meets the new state.
   */
  async function switchTo(mode: "forward" | "refuse" | "blackhole"): Promise<void> {
    proxy.setMode(mode)
    await vi.waitFor(() => expect(pool.totalCount).toBe(0))
  }

  async function signInNewUser(): Promise<Response> {
    return new AuthClient(config).signInWithCredentials({ username: crypto.randomUUID() })
  }

  it("signed every browser in with a stored session", () => {
    expect(sessions).toHaveLength(USERS)
    expect(sessions.every((session) => session !== null)).toBe(true)
  })

  it("survives pg_terminate_backend of idle connections: logged, not fatal", async () => {
    const idle = pool.idleCount
    expect(idle).toBeGreaterThan(0)
    expect(await terminateConnections()).toBe(idle)
    // Each idle connection's `error` event drops it from the pool.
    await vi.waitFor(() => expect(pool.totalCount).toBe(0))
    expect(poolWarnings).toHaveLength(idle)
    expect(poolWarnings[0]).toMatch(
      /^\[@auth\/pg-adapter\] An idle PostgreSQL connection failed \(terminating connection due to administrator command, 57P01\)/,
    )
    expect(await readAll()).toEqual(sessions)
  })

  it("survives pg_terminate_backend under load and serves the same sessions afterwards", async () => {
    const reads = Array.from({ length: 5 }, () => readAll())
    const [killed, ...results] = await Promise.all([terminateConnections(), ...reads])
    expect(killed).toBeGreaterThan(0)
    // A read the kill hit answers 503 (and keeps the cookie); every other one the session.
    for (const round of results) {
      for (const [index, session] of round.entries()) {
        expect([sessions[index], UNAVAILABLE]).toContainEqual(session)
      }
    }
    expect(browsers.every((browser) => browser.jar.has(COOKIE))).toBe(true)
    // A connection killed while idle between two reads fails the one read that meets it
    // before its `error` event drops it; from then on the same sessions are served.
    await vi.waitFor(async () => expect(await readAll()).toEqual(sessions), { timeout: 5_000 })
    expect(await readAll()).toEqual(sessions)
    expect((await signInNewUser()).status).toBe(302)
  })

  it("answers 503 while the database is unreachable and recovers without a restart", async () => {
    await switchTo("refuse")
    try {
      const signIn = await signInNewUser()
      expect(signIn.status).toBe(503)
      expect(signIn.headers.get("retry-after")).toBe("5")
      expect(await signIn.json()).toEqual(UNAVAILABLE)
      expect(signIn.headers.getSetCookie().some((c) => c.startsWith(`${COOKIE}=`))).toBe(false)
      const emailSignIn = await requestLink(new AuthClient(config), "outage@example.test", {
        providerId: "email",
      })
      expect(emailSignIn.status).toBe(503)
      // Reading a session cannot tell who is signed in: 503 (not a signed-out `null` that would
      // send the user to a sign-in that cannot work either), and the cookie is kept.
      const read = await browsers[0]!.get("/session")
      expect(read.status).toBe(503)
      expect(await read.json()).toEqual(UNAVAILABLE)
      expect(read.headers.getSetCookie()).toEqual([])
    } finally {
      await switchTo("forward")
    }
    expect(await readAll()).toEqual(sessions)
    expect((await signInNewUser()).status).toBe(302)
    const errors = log.errors.map((error) => `${error.name}: ${error.message}`)
    expect(errors.some((line) => line.includes("PostgreSQL is unavailable"))).toBe(true)
  })

  it("answers 503 within the connection timeout when the database never answers", async () => {
    await switchTo("blackhole")
    try {
      expect((await signInNewUser()).status).toBe(503)
    } finally {
      await switchTo("forward")
    }
    expect(await readAll()).toEqual(sessions)
  })
})
