/**
 * The Redis client of an example app when `REDIS_URL` is set: what a real app makes with
 * `createClient({ url }).connect()` of the `redis` package. The app hands it to
 * `createRedisStore` of `@auth/core/redis` itself, in its auth file, as `session.store` (JWT
 * sessions' revocations) and `rateLimit.store`; without `REDIS_URL` both stay in memory.
 */
import { createClient } from "redis"
import { nonEmpty } from "./env.js"

/** A node-redis client, as `createClient()` of `redis` makes it. */
export type ExampleRedisClient = ReturnType<typeof createClient>

/** What {@link exampleRedis} reports a connection failure to. @default console.error */
export type RedisErrorLog = (message: string) => void

// On globalThis: dev servers re-evaluate modules on every change, and each evaluation would
// open another connection.
const CACHE_KEY = Symbol.for("@auth/example-support/redis")

function clients(): Map<string, ExampleRedisClient> {
  const holder = globalThis as { [CACHE_KEY]?: Map<string, ExampleRedisClient> }
  holder[CACHE_KEY] ??= new Map()
  return holder[CACHE_KEY]
}

/**
 * The app's Redis client for `redisUrl` (`redis://[[user]:password@]host[:port][/db]`), or
 * `undefined` when it is unset or empty. One client per process and URL, kept across dev-server
 * module reloads. It connects at once, in the background: until Redis answers, the store's
 * calls time out (rate limits then let requests through, JWT session reads answer 503), and
 * node-redis reconnects by itself. Its socket does not keep the process alive (a build that imports the config exits),
 * and a failure is logged once per outage, without the URL's password.
 *
 * @throws {TypeError} when `redisUrl` is not a Redis URL (a config mistake, found at start)
 * @example
 * const redis = exampleRedis(process.env.REDIS_URL)
 * const store = redis && createRedisStore(redis, { prefix: "sveltekit:" })
 * // session: { strategy, store }, rateLimit: { store }
 */
export function exampleRedis(
  redisUrl: string | undefined,
  logError: RedisErrorLog = console.error,
): ExampleRedisClient | undefined {
  const url = nonEmpty(redisUrl)
  if (url === undefined) return undefined
  const open = clients()
  let client = open.get(url)
  if (!client) {
    client = connect(url, logError)
    open.set(url, client)
  }
  return client
}

/**
 * Closes every client {@link exampleRedis} made: for tests, and for servers that stop without
 * exiting the process.
 */
export async function closeExampleRedis(): Promise<void> {
  const open = clients()
  const all = [...open.values()]
  open.clear()
  await Promise.all(all.map((client) => (client.isOpen ? client.close() : undefined)))
}

function connect(url: string, logError: RedisErrorLog): ExampleRedisClient {
  const where = describeUrl(url)
  const client = createClient({ url })
  let reported = false
  // Without a listener, node-redis's "error" event would end the process.
  client.on("error", (error: unknown) => {
    if (reported) return
    reported = true
    const reason = error instanceof Error ? error.message : String(error)
    logError(
      `Redis at ${where} is unreachable (${reason}): rate limits let requests through and JWT session reads answer 503 until it is back.`,
    )
  })
  client.on("ready", () => {
    // Told once per outage, as the outage is.
    if (reported) logError(`Redis at ${where} answers again.`)
    reported = false
  })
  client.unref()
  // Rejects only when the client is closed while connecting; errors before that are "error" events.
  client.connect().catch(() => {})
  return client
}

/** `host:port` of a Redis URL: what a log may show (never the password). */
function describeUrl(url: string): string {
  try {
    return new URL(url).host || "REDIS_URL"
  } catch {
    throw new TypeError(
      `REDIS_URL must be a Redis URL such as redis://127.0.0.1:6379, not "${url}".`,
    )
  }
}
