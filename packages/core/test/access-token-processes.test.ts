/**
 * Two processes of one app sharing one Redis (`REDIS_URL`) for the session store, with JWT
 * sessions holding the provider tokens: 25 concurrent `getAccessToken` calls in each, all with the
 * same cookie whose access token has expired, make exactly one refresh request to the provider,
 * and all 50 get the new token. Each process runs core's build
 * (test/support/access-token-instance.mjs); keys live under this file's own prefix and are deleted
 * afterwards.
 */
import { type ChildProcess, fork } from "node:child_process"
import { once } from "node:events"
import { fileURLToPath } from "node:url"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"
import { decode, encode, type JWT } from "../src/jwt.js"
import { callbackUrl, createApp, signInAtIdp } from "./oauth/flow.js"
import { SECRET } from "./support/client.js"
import { type Idp, startIdentityProvider } from "./support/idp.js"

/** Set by `.ci/run` when a Redis server answers; without it the suite is reported skipped. */
const REDIS_URL = process.env.REDIS_URL ?? ""
const PREFIX = `test:access-token:${crypto.randomUUID()}:`
const INSTANCE = fileURLToPath(new URL("./support/access-token-instance.mjs", import.meta.url))
const COOKIE = "authjs.session-token"
const CALLS_PER_PROCESS = 25

type InstanceResult = { accessToken: string } | { code: string; message: string }

/** Starts one instance with `cookie`, waiting until it is ready. */
async function startInstance(idp: Idp, cookie: string): Promise<ChildProcess> {
  const client = idp.clients.client_secret_basic
  const child = fork(INSTANCE, {
    env: {
      ...process.env,
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
  const [message] = (await once(child, "message")) as [{ ready?: boolean }]
  expect(message.ready).toBe(true)
  return child
}

describe.skipIf(REDIS_URL === "")(
  "getAccessToken in two processes sharing Redis (REDIS_URL)",
  () => {
    let idp: Idp
    const children: ChildProcess[] = []

    beforeAll(async () => {
      idp = await startIdentityProvider({ refreshTokens: true, rotateRefreshTokens: true })
      idp.setRedirectUris([callbackUrl("idp")])
    })

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill("SIGTERM")
      await idp?.close()
      const admin = await createClient({ url: REDIS_URL }).connect()
      for await (const keys of admin.scanIterator({ MATCH: `${PREFIX}*` })) {
        if (keys.length > 0) await admin.del(keys)
      }
      await admin.close()
    })

    it(
      `makes exactly one refresh request for ${CALLS_PER_PROCESS * 2} concurrent calls across them`,
      async () => {
        const { client } = createApp({
          session: { strategy: "jwt", storeTokens: true },
          providers: [idp.oidcProvider("client_secret_basic")],
        })
        await signInAtIdp(client, idp, "idp", `user-${crypto.randomUUID().slice(0, 8)}`)
        // The stored access token made to look expired (the provider still takes it).
        const token = (await decode({
          token: client.jar.get(COOKIE),
          secret: SECRET,
          salt: COOKIE,
        })) as JWT
        const entries = token.providerTokens as Record<
          string,
          { expires_at: number; access_token: string }
        >
        const old = entries.idp!.access_token
        entries.idp!.expires_at = Math.floor(Date.now() / 1000) - 10
        const cookie = `${COOKIE}=${await encode({ token, secret: SECRET, salt: COOKIE })}`
        children.push(
          ...(await Promise.all([startInstance(idp, cookie), startInstance(idp, cookie)])),
        )
        const before = idp.refreshGrants

        const answers = children.map((child) => once(child, "message"))
        for (const child of children) child.send("go")
        const results = (await Promise.all(answers)).flatMap(
          ([message]) => (message as { results: InstanceResult[] }).results,
        )

        expect(results).toHaveLength(CALLS_PER_PROCESS * 2)
        expect(results.filter((result) => "code" in result)).toEqual([])
        const tokens = new Set(
          results.map((result) => (result as { accessToken: string }).accessToken),
        )
        expect(tokens.size).toBe(1)
        expect(tokens.has(old)).toBe(false)
        expect(idp.refreshGrants).toBe(before + 1)
      },
      scaled(60_000),
    )
  },
)
