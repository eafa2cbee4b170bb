/**
 * The PostgreSQL store while PostgreSQL is out of reach (only with `DATABASE_URL`; the suite is
 * reported skipped without it): a proxy in front of the server refuses connections or never
 * answers. Every call ends within `timeoutMs` with `DatabaseUnavailableError`, which core answers
 * `503` (a JWT session read) or lets through (a rate limit with `onStoreFailure: "open"`), and
 * the same store works again once the server is back. The shared server is never stopped.
 */

import { DatabaseUnavailableError } from "@auth/core/adapters"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import Credentials from "../../core/src/providers/credentials.js"
import type { AuthConfig } from "../../core/src/types.js"
import { AuthClient, recordingLogger, SECRET } from "../../core/test/support/client.js"
import { createPostgresStore, type PostgresStore } from "../src/store.js"
import { applyStoreSchema } from "../src/store-schema.js"
import { dropSchema, quietLogger, randomSchemaName } from "./databases.js"
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.js"

const databaseUrl = process.env.DATABASE_URL
const TIMEOUT_MS = 200

describe.skipIf(!databaseUrl)("the PostgreSQL store during an outage (PostgreSQL)", () => {
  const schema = randomSchemaName()
  let admin: pg.Pool
  let proxy: TcpProxy
  let pool: pg.Pool
  let store: PostgresStore

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    await applyStoreSchema(admin, { schema, logger: quietLogger })
    proxy = await startTcpProxy(databaseUrl!)
    // The pool gives up on a connection later than the store: the store's limit is what ends
    // a call to a server that never answers.
    pool = new pg.Pool({ connectionString: proxy.url, max: 4, connectionTimeoutMillis: 1_000 })
    store = createPostgresStore(pool, {
      schema,
      timeoutMs: TIMEOUT_MS,
      logger: { warn: () => {} },
    })
  })

  afterAll(async () => {
    await pool?.end()
    await proxy?.close()
    await dropSchema(admin, schema)
  })

  /** `target` answers again (the pool's connections to the silent server time out first). */
  async function recovered(target: PostgresStore = store): Promise<void> {
    await vi.waitFor(() => target.ping(), { timeout: 5_000, interval: 100 })
  }

  it("gives up on a server that never answers after timeoutMs, and recovers", async () => {
    const key = `revoked:${crypto.randomUUID()}`
    await store.set(key, "1", 60)
    proxy.setMode("blackhole")
    // A pool with no connection yet: every call waits for a connection that never opens, so
    // the store's limit (not a reset of a connection cut by the switch) is what ends it.
    const silentPool = new pg.Pool({
      connectionString: proxy.url,
      max: 4,
      connectionTimeoutMillis: 1_000,
    })
    const silent = createPostgresStore(silentPool, { schema, timeoutMs: TIMEOUT_MS })
    try {
      try {
        for (const call of [
          () => silent.get([key]),
          () => silent.run([{ type: "hit", key: "rate", windowSeconds: 60 }]),
          () => silent.setIfAbsent("lock", "holder", 15_000),
        ]) {
          const started = Date.now()
          const error = await call().catch((caught: unknown) => caught)
          expect(error).toBeInstanceOf(DatabaseUnavailableError)
          expect(((error as Error).cause as Error).message).toContain(
            `did not answer within ${TIMEOUT_MS} ms`,
          )
          expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 10)
          expect(Date.now() - started).toBeLessThan(1_000)
        }
      } finally {
        proxy.setMode("forward")
      }
      await recovered(silent)
      expect(await silent.get([key])).toEqual(["1"])
    } finally {
      await silentPool.end()
    }
  })

  it("answers DatabaseUnavailableError at once when connections are refused", async () => {
    proxy.setMode("refuse")
    try {
      const started = Date.now()
      const error = await store.hit(`rate:${crypto.randomUUID()}`, 60).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DatabaseUnavailableError)
      expect((error as Error).message).toMatch(/^PostgreSQL is unavailable/)
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS)
    } finally {
      proxy.setMode("forward")
    }
    await recovered()
  })

  /** A config on JWT sessions and a credentials provider, with `overrides`. */
  function appConfig(overrides: Partial<AuthConfig>, log = recordingLogger()): AuthConfig {
    return {
      secret: SECRET,
      trustHost: true,
      trustedProxies: [],
      logger: log.logger,
      providers: [
        Credentials({
          credentials: { password: { type: "password" } },
          authorize: ({ password }) =>
            password === "secret" ? { id: crypto.randomUUID(), email: "ada@example.test" } : null,
        }),
      ],
      ...overrides,
    }
  }

  let browsers = 0
  /** A browser of `config` at an address of its own. */
  function browserOf(config: AuthConfig): AuthClient {
    browsers += 1
    return new AuthClient(config, "http://localhost:3000", "/auth", `192.0.2.${browsers}`)
  }

  it("through Auth(): a JWT session read answers 503 while its revocation cannot be checked", async () => {
    const browser = browserOf(appConfig({ session: { strategy: "jwt", store } }))
    expect((await browser.signInWithCredentials({ password: "secret" })).status).toBe(302)
    expect(await browser.session()).not.toBeNull()
    proxy.setMode("blackhole")
    try {
      const read = await browser.get("/session")
      expect(read.status).toBe(503)
      // The cookie is kept: the session is back once the store answers.
      expect(read.headers.getSetCookie()).toEqual([])
    } finally {
      proxy.setMode("forward")
    }
    await recovered()
    expect(await browser.session()).not.toBeNull()
  })

  it("through Auth(): rate limits let sign-in through when open, answer 503 when closed", async () => {
    const log = recordingLogger()
    const open = appConfig({ rateLimit: { store, onStoreFailure: "open" } }, log)
    const closed = appConfig({ rateLimit: { store, onStoreFailure: "closed" } })
    proxy.setMode("blackhole")
    try {
      expect((await browserOf(open).signInWithCredentials({ password: "secret" })).status).toBe(302)
      const refused = await browserOf(closed).signInWithCredentials({ password: "secret" })
      expect(refused.status).toBe(503)
      expect(refused.headers.get("retry-after")).not.toBeNull()
    } finally {
      proxy.setMode("forward")
    }
    const failures = log.errors.filter((error) => error.message.includes("rate-limit store failed"))
    expect(failures).toHaveLength(1)
    expect(failures[0]!.cause).toBeInstanceOf(DatabaseUnavailableError)
    await recovered()
    expect((await browserOf(closed).signInWithCredentials({ password: "secret" })).status).toBe(302)
  })
})
