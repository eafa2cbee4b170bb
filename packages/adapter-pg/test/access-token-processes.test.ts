/**
 * Two processes of one app sharing PostgreSQL (`DATABASE_URL`: the sessions and the account rows)
 * and Redis (`REDIS_URL`: the session store, where the refresh lock is taken): 25 concurrent
 * `getAccessToken` calls in each, for one account whose access token has expired, make exactly
 * one refresh request to the provider; the process that lost the lock reads the winner's row, and
 * all 50 calls get the new token. Each process runs the builds of core and this adapter
 * (test/access-token-instance.mjs). Skipped without both servers.
 */
import { type ChildProcess, fork } from "node:child_process"
import { once } from "node:events"
import { fileURLToPath } from "node:url"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"
import { callbackUrl, createApp, signInAtIdp } from "../../core/test/oauth/flow.js"
import { SECRET } from "../../core/test/support/client.js"
import { type Idp, startIdentityProvider } from "../../core/test/support/idp.js"
import { PostgresAdapter } from "../src/index.js"
import { openPostgres, type TestDatabase } from "./databases.js"

const DATABASE_URL = process.env.DATABASE_URL ?? ""
const REDIS_URL = process.env.REDIS_URL ?? ""
const PREFIX = `test:pg-access-token:${crypto.randomUUID()}:`
const INSTANCE = fileURLToPath(new URL("./access-token-instance.mjs", import.meta.url))
const CALLS_PER_PROCESS = 25

type InstanceResult = { accessToken: string } | { code: string; message: string }

describe.skipIf(DATABASE_URL === "" || REDIS_URL === "")(
  "getAccessToken in two processes sharing PostgreSQL and Redis",
  () => {
    let idp: Idp
    let database: TestDatabase
    const children: ChildProcess[] = []

    beforeAll(async () => {
      ;[idp, database] = await Promise.all([
        startIdentityProvider({ refreshTokens: true, rotateRefreshTokens: true }),
        openPostgres(DATABASE_URL),
      ])
      idp.setRedirectUris([callbackUrl("idp")])
    })

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill("SIGTERM")
      await Promise.all([idp?.close(), database?.close()])
      const admin = await createClient({ url: REDIS_URL }).connect()
      for await (const keys of admin.scanIterator({ MATCH: `${PREFIX}*` })) {
        if (keys.length > 0) await admin.del(keys)
      }
      await admin.close()
    })

    async function startInstance(cookie: string): Promise<ChildProcess> {
      const client = idp.clients.client_secret_basic
      const child = fork(INSTANCE, {
        env: {
          ...process.env,
          DATABASE_URL,
          SCHEMA: database.schema,
          REDIS_URL,
          PREFIX,
          SECRET,
          ISSUER: idp.issuer,
          CLIENT_ID: client.clientId,
          CLIENT_SECRET: client.clientSecret,
          COOKIE: cookie,
          CALLS: String(CALLS_PER_PROCESS),
        },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      })
      children.push(child)
      const [message] = (await once(child, "message")) as [{ ready?: boolean }]
      expect(message.ready).toBe(true)
      return child
    }

    it(
      `makes exactly one refresh request for ${CALLS_PER_PROCESS * 2} concurrent calls across them`,
      async () => {
        const adapter = PostgresAdapter(database.client, { schema: database.schema })
        const { client } = createApp({
          adapter,
          session: { strategy: "database" },
          providers: [idp.oidcProvider("client_secret_basic")],
        })
        const username = `user-${crypto.randomUUID().slice(0, 8)}`
        await signInAtIdp(client, idp, "idp", username)
        const old = await adapter.getAccount!(username, "idp")
        // The stored access token made to look expired (the provider still takes it).
        await adapter.updateAccount!({
          provider: "idp",
          providerAccountId: username,
          expires_at: Math.floor(Date.now() / 1000) - 10,
        })
        const instances = await Promise.all([
          startInstance(client.cookieHeader()),
          startInstance(client.cookieHeader()),
        ])
        const before = idp.refreshGrants

        const answers = instances.map((child) => once(child, "message"))
        for (const child of instances) child.send("go")
        const results = (await Promise.all(answers)).flatMap(
          ([message]) => (message as { results: InstanceResult[] }).results,
        )

        expect(results).toHaveLength(CALLS_PER_PROCESS * 2)
        expect(results.filter((result) => "code" in result)).toEqual([])
        const row = await adapter.getAccount!(username, "idp")
        expect(row?.access_token).not.toBe(old?.access_token)
        expect(row?.refresh_token).not.toBe(old?.refresh_token)
        const tokens = new Set(
          results.map((result) => (result as { accessToken: string }).accessToken),
        )
        expect([...tokens]).toEqual([row?.access_token])
        expect(idp.refreshGrants).toBe(before + 1)
      },
      scaled(60_000),
    )
  },
)
