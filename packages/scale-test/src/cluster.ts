/**
 * A service of several playground instances behind HAProxy, as docs/deploying.md describes it:
 * one PostgreSQL (`DATABASE_URL`, a schema per test file) and one Redis (`REDIS_URL`, a key
 * prefix per test file) shared by every instance, one OpenID provider and one SMTP server that
 * know the balancer's URL, and `AUTH_URL` set to the balancer.
 */
import { mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  type Idp,
  startIdentityProvider,
  startSmtpServer,
  type TestSmtpServer,
} from "@auth/dev-servers"
import pg from "pg"
import { createClient } from "redis"
import { type Haproxy, haproxyVersion, startHaproxy } from "./haproxy.js"
import { type Instance, startInstance } from "./instance.js"

/** The playground's provider id: its callback is `/auth/callback/playground-id`. */
export const PLAYGROUND_ID = "playground-id"
/** The secret every instance starts with (`AUTH_SECRET`). */
export const FIRST_SECRET = "scale-test-secret-one-0123456789abcdef"

/** What a test file asks for. */
export interface ClusterOptions {
  /**
   * The file's own PostgreSQL schema and Redis key prefix (`<name>:`): letters, digits and
   * underscores. Both are emptied before and after.
   */
  name: string
  /** @default 3 */
  instances?: number
  /** @default "database" */
  strategy?: "database" | "jwt"
  /** Added to every instance's environment. */
  env?: Record<string, string>
}

/** A running service. */
export interface Cluster {
  /** The balancer's URL, `http://127.0.0.1:<port>`: also every instance's `AUTH_URL`. */
  readonly url: string
  readonly instances: readonly Instance[]
  readonly haproxy: Haproxy
  /** The OpenID provider "Playground ID" (its grants can be counted). */
  readonly idp: Idp
  /** The SMTP server every instance sends to. */
  readonly smtp: TestSmtpServer
  /** A pool on the shared database; `schema` holds the tables. */
  readonly db: pg.Pool
  readonly schema: string
  /** A client of the shared Redis; every key of the cluster starts with `prefix`. */
  readonly redis: ReturnType<typeof createClient>
  readonly prefix: string
  /** The environment every instance started with. */
  readonly env: Readonly<Record<string, string>>
  /** Counts the rows of a table of the schema (`users`, `accounts`, `sessions`, …). */
  count(table: string): Promise<number>
  /** Stops everything it started (instances, HAProxy, servers) and empties the schema and keys. */
  close(): Promise<void>
}

/**
 * Why this machine cannot run the cluster (no `DATABASE_URL`, `REDIS_URL` or `haproxy`), or
 * `undefined`. `.ci/run` provides all three.
 */
export function missingPrerequisite(): string | undefined {
  if (!process.env.DATABASE_URL) return "DATABASE_URL is not set (a PostgreSQL server)"
  if (!process.env.REDIS_URL) return "REDIS_URL is not set (a Redis server)"
  if (!haproxyVersion()) return "haproxy is not installed (apt-get install haproxy)"
  return undefined
}

/**
 * Starts the instances (in parallel, as a rollout would), then HAProxy in front of them.
 *
 * @throws Error when a prerequisite is missing or something fails to start (what started is
 *   stopped again)
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const missing = missingPrerequisite()
  if (missing) throw new Error(`The cluster cannot start: ${missing}.`)
  if (!/^\w+$/.test(options.name)) throw new Error(`Not a schema name: ${options.name}`)
  const schema = options.name
  const prefix = `${options.name}:`
  const closers: Array<() => Promise<unknown>> = []
  const close = async () => {
    for (const closer of closers.reverse()) await closer()
  }

  try {
    const dir = await mkdtemp(join(tmpdir(), `scale-${options.name}-`))
    closers.push(() => rm(dir, { recursive: true, force: true }))
    const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
    closers.push(() => db.end())
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
    closers.push(() => db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`))
    const redis = createClient({ url: process.env.REDIS_URL })
    await redis.connect()
    closers.push(() => redis.close())
    await deleteKeys(redis, prefix)
    closers.push(() => deleteKeys(redis, prefix))

    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const idp = await startIdentityProvider({
      name: "Playground ID",
      redirectUris: [`${url}/auth/callback/${PLAYGROUND_ID}`],
    })
    closers.push(() => idp.close())
    const smtp = await startSmtpServer()
    closers.push(() => smtp.close())

    const client = idp.clients.client_secret_basic
    const env: Record<string, string> = {
      NODE_ENV: "production",
      AUTH_URL: url,
      AUTH_SECRET: FIRST_SECRET,
      // HAProxy's `X-Forwarded-For` is believed; nothing else is.
      AUTH_TRUSTED_PROXIES: "127.0.0.1",
      AUTH_SESSION_STRATEGY: options.strategy ?? "database",
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      PLAYGROUND_DB_SCHEMA: schema,
      REDIS_URL: process.env.REDIS_URL ?? "",
      PLAYGROUND_REDIS_PREFIX: prefix,
      PLAYGROUND_DATA_DIR: dir,
      SMTP_URL: smtp.url,
      PLAYGROUND_ID_ISSUER: idp.issuer,
      PLAYGROUND_ID_CLIENT_ID: client.clientId,
      PLAYGROUND_ID_CLIENT_SECRET: client.clientSecret ?? "",
      ...options.env,
    }
    const names = Array.from({ length: options.instances ?? 3 }, (_, index) => `s${index + 1}`)
    const started = await Promise.allSettled(names.map((name) => startInstance(name, env)))
    const instances = started.flatMap((result) =>
      result.status === "fulfilled" ? [result.value] : [],
    )
    closers.push(() => Promise.all(instances.map((instance) => instance.kill("SIGTERM"))))
    const failure = started.find((result) => result.status === "rejected")
    if (failure) throw failure.reason

    const haproxy = await startHaproxy(dir, {
      port,
      servers: instances.map(({ name, port }) => ({ name, port })),
    })
    closers.push(() => haproxy.stop())

    return {
      url,
      instances,
      haproxy,
      idp,
      smtp,
      db,
      schema,
      redis,
      prefix,
      env,
      async count(table) {
        const result = await db.query<{ n: string }>(
          `SELECT count(*) AS n FROM "${schema}"."${table}"`,
        )
        return Number(result.rows[0]?.n ?? 0)
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** A free port on 127.0.0.1, from `listen(0)`. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function deleteKeys(redis: ReturnType<typeof createClient>, prefix: string): Promise<void> {
  const keys: string[] = []
  for await (const batch of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    keys.push(...batch)
  }
  if (keys.length > 0) await redis.del(keys)
}
