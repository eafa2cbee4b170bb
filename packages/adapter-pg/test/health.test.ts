/**
 * The adapter's `ping` (`SELECT 1`) and core's `GET /auth/health` on it: `200` while the
 * database answers, `503` (quickly, never a hang) when it is gone or silent, `200` again once it
 * is back. On PGlite, and on PostgreSQL with `DATABASE_URL` through a proxy that can cut it off.
 */
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth } from "../../core/src/index.js"
import Credentials from "../../core/src/providers/credentials.js"
import type { AuthConfig } from "../../core/src/types.js"
import { recordingLogger, SECRET } from "../../core/test/support/client.js"
import { DatabaseUnavailableError, PostgresAdapter } from "../src/index.js"
import type { Queryable } from "../src/queryable.js"
import { applySchema } from "../src/schema.js"
import { openPostgres, quietLogger, type TestDatabase } from "./databases.js"
import { startTcpProxy, type TcpProxy } from "./tcp-proxy.js"

function configOf(client: Queryable, schema: string) {
  const log = recordingLogger()
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter: PostgresAdapter(client, { schema, logger: { warn: () => {} } }),
    logger: log.logger,
    providers: [Credentials({ authorize: () => null })],
  }
  return { config, log }
}

function health(config: AuthConfig): Promise<Response> {
  return Auth(new Request("http://localhost:3000/auth/health"), config)
}

describe("ping on PGlite", () => {
  it("resolves while the database is open; GET /health answers 200, then 503 once it is closed", async () => {
    // A PGlite of its own (the file's shared one must stay open), closed below.
    const client = new PGlite()
    await applySchema(client, { logger: quietLogger })
    const { config, log } = configOf(client, "public")
    await expect(PostgresAdapter(client).ping!()).resolves.toBeUndefined()
    const ok = await health(config)
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ status: "ok" })
    await client.close()
    const down = await health(config)
    expect(down.status).toBe(503)
    expect(down.headers.get("retry-after")).toBe("5")
    expect(await down.json()).toEqual({ status: "unavailable" })
    expect(log.errors[0]?.message).toContain("the adapter failed")
  })
})

const databaseUrl = process.env.DATABASE_URL

describe.skipIf(!databaseUrl)("ping on PostgreSQL (DATABASE_URL)", () => {
  let database: TestDatabase
  let proxy: TcpProxy
  let pool: pg.Pool

  beforeAll(async () => {
    database = await openPostgres(databaseUrl!)
    proxy = await startTcpProxy(databaseUrl!)
    // The README's pool: bounded waits for a connection and for an answer.
    pool = new pg.Pool({
      connectionString: proxy.url,
      max: 2,
      connectionTimeoutMillis: 1_000,
      query_timeout: 2_000,
    })
  })

  afterAll(async () => {
    await pool?.end()
    await proxy?.close()
    await database?.close()
  })

  it("answers 200, then 503 within the bound while the database is gone or silent, then 200", async () => {
    const { config } = configOf(pool, database.schema)
    expect((await health(config)).status).toBe(200)

    proxy.setMode("refuse")
    await expect(PostgresAdapter(pool).ping!()).rejects.toBeInstanceOf(DatabaseUnavailableError)
    expect((await health(config)).status).toBe(503)

    proxy.setMode("blackhole")
    const started = Date.now()
    expect((await health(config)).status).toBe(503)
    expect(Date.now() - started).toBeLessThan(3_000)

    proxy.setMode("forward")
    // The pool drops the connections the outage broke (the silent query ends at its
    // query_timeout) and opens new ones; until then a check waits for a connection, which
    // paces the attempts.
    const deadline = Date.now() + 15_000
    let status = 0
    while (status !== 200 && Date.now() < deadline) status = (await health(config)).status
    expect(status).toBe(200)
  })
})
