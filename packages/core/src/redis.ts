/**
 * A store on your own Redis client for what several instances of an app must share: JWT
 * sessions' revocations (`session.store`) and rate-limit counters (`rateLimit.store`). Core never
 * imports a Redis client: pass the one you already have, from
 * [`redis`](https://github.com/redis/node-redis) (node-redis v4 or v5) or
 * [`ioredis`](https://github.com/redis/ioredis), connected the way your deployment needs.
 *
 * @example
 * import { Auth } from "@auth/core"
 * import { createRedisStore } from "@auth/core/redis"
 * import { createClient } from "redis"
 *
 * const redis = await createClient({ url: redisUrl }).connect() // your Redis server's URL
 * const store = createRedisStore(redis)
 *
 * const response = await Auth(request, {
 *   ...config,
 *   session: { strategy: "jwt", store },
 *   rateLimit: { store },
 * })
 *
 * @module redis
 */
import { DatabaseUnavailableError } from "./internal/database-unavailable.js"
import type { RateLimitCount, RateLimitStore } from "./types/rate-limit.js"
import type { SessionStore } from "./types/sessions.js"

/**
 * The commands of a node-redis client (`createClient()` of `redis` v4 or v5) that the store
 * sends. A structural type: any object with these methods will do.
 */
export interface NodeRedisClient {
  /** @see https://redis.io/docs/latest/commands/mget/ */
  mGet(keys: string[]): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/set/ */
  set(key: string, value: string, options: { EX: number }): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/hgetall/ */
  hGetAll(key: string): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/hdel/ */
  hDel(key: string, fields: string[]): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/del/ */
  del(key: string): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/eval/ */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
}

/**
 * The commands of an ioredis client (`new Redis()` of `ioredis` v5) that the store sends. A
 * structural type: any object with these methods will do.
 */
export interface IORedisClient {
  /** @see https://redis.io/docs/latest/commands/mget/ */
  mget(keys: string[]): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/set/ */
  set(key: string, value: string, expiry: "EX", seconds: number): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/hgetall/ */
  hgetall(key: string): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/hdel/ */
  hdel(key: string, ...fields: string[]): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/del/ */
  del(key: string): Promise<unknown>
  /** @see https://redis.io/docs/latest/commands/eval/ */
  eval(script: string, numberOfKeys: number, ...keysAndArguments: string[]): Promise<unknown>
}

/** A Redis client the store can use: node-redis (v4, v5) or ioredis, told apart by shape. */
export type RedisClient = NodeRedisClient | IORedisClient

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * Put before every key the store writes, so that several apps can share one Redis. On a Redis
   * Cluster, make it a hash tag (`"{authjs}:"`) so that one `MGET` reaches one node.
   *
   * @default "authjs:"
   */
  prefix?: string
  /**
   * How long one call may take, in milliseconds. A call still unanswered then (Redis stalled, or
   * a disconnected node-redis client queueing commands) throws `DatabaseUnavailableError`.
   *
   * @default 1000
   */
  timeoutMs?: number
}

/** Both stores in one: give it as `session.store` and as `rateLimit.store`. */
export interface RedisStore extends SessionStore, RateLimitStore {
  peek(key: string): Promise<RateLimitCount | null>
  reset(key: string): Promise<void>
}

/** The default of {@link RedisStoreOptions.prefix}. */
const DEFAULT_PREFIX = "authjs:"
/** The default of {@link RedisStoreOptions.timeoutMs}. */
const DEFAULT_TIMEOUT_MS = 1000

/**
 * Counts a hit (`KEYS[1]`) and starts its window of `ARGV[1]` milliseconds on the first one, in
 * one atomic step on every Redis version (`EXPIRE … NX` needs Redis 7). A key left without an
 * expiry, whatever the cause, gets one: a counter never outlives its window for good.
 */
const HIT_SCRIPT = `local count = redis.call("INCR", KEYS[1])
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`

/** The count and milliseconds left of a hit counter (`KEYS[1]`), without counting: `{ 0, -2 }` when none. */
const PEEK_SCRIPT = `local count = redis.call("GET", KEYS[1])
if not count then return { 0, -2 } end
return { tonumber(count), redis.call("PTTL", KEYS[1]) }`

/**
 * Sets field `ARGV[1]` of the map at `KEYS[1]` to `ARGV[2]` and keeps the map at least `ARGV[3]`
 * milliseconds: a shorter time never cuts a longer one (`EXPIRE … GT` needs Redis 7, and treats a
 * new map, which has no expiry, as one that never expires).
 */
const SET_FIELD_SCRIPT = `redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
if redis.call("PTTL", KEYS[1]) < tonumber(ARGV[3]) then
  redis.call("PEXPIRE", KEYS[1], ARGV[3])
end
return 1`

/** The commands the store sends, whichever client carries them; replies as the client gives. */
interface RedisCommands {
  mget(keys: string[]): Promise<unknown>
  setWithExpiry(key: string, value: string, seconds: number): Promise<unknown>
  hgetall(key: string): Promise<unknown>
  hdel(key: string, fields: string[]): Promise<unknown>
  del(key: string): Promise<unknown>
  eval(script: string, keys: string[], args: string[]): Promise<unknown>
}

/**
 * A session store and rate-limit store on your Redis client. Every call is one round trip,
 * bounded by `timeoutMs`; the time-to-live of `set` and `setField` is counted in whole seconds,
 * at least one. A call throws `DatabaseUnavailableError` (core answers `503`, and the next request
 * simply tries again) when Redis does not answer within `timeoutMs` or the connection is down;
 * any other error (such as `WRONGTYPE`) is thrown as the client gave it.
 *
 * @param client a node-redis (v4, v5) or ioredis client, connected by you (core never connects or
 * closes it)
 * @param options the key prefix and the time limit of one call
 * @throws {TypeError} when `client` is neither client, or an option is invalid
 *
 * @example
 * import Redis from "ioredis"
 * import { createRedisStore } from "@auth/core/redis"
 *
 * const store = createRedisStore(new Redis(redisUrl), { prefix: "myapp:auth:" })
 */
export function createRedisStore(client: RedisClient, options: RedisStoreOptions = {}): RedisStore {
  const prefix = resolvePrefix(options.prefix)
  const timeoutMs = resolveTimeout(options.timeoutMs)
  const redis = commandsOf(client)
  const send = <T>(command: () => Promise<T>): Promise<T> => withinTime(command, timeoutMs)
  return {
    async get(keys) {
      if (keys.length === 0) return []
      const reply = await send(() => redis.mget(keys.map((key) => prefix + key)))
      return parseValues(reply, keys.length)
    },
    async set(key, value, ttlSeconds) {
      await send(() => redis.setWithExpiry(prefix + key, value, wholeSeconds(ttlSeconds)))
    },
    async setField(key, field, value, ttlSeconds) {
      const milliseconds = String(wholeSeconds(ttlSeconds) * 1000)
      await send(() => redis.eval(SET_FIELD_SCRIPT, [prefix + key], [field, value, milliseconds]))
    },
    async getFields(key) {
      return parseFields(await send(() => redis.hgetall(prefix + key)))
    },
    async deleteFields(key, fields) {
      if (fields.length === 0) return
      await send(() => redis.hdel(prefix + key, [...fields]))
    },
    async hit(key, windowSeconds) {
      const milliseconds = String(Math.max(1, Math.ceil(windowSeconds * 1000)))
      const reply = await send(() => redis.eval(HIT_SCRIPT, [prefix + key], [milliseconds]))
      return parseHit(reply, Date.now())
    },
    async peek(key) {
      const reply = await send(() => redis.eval(PEEK_SCRIPT, [prefix + key], []))
      const counted = parseHit(reply, Date.now())
      return counted.count === 0 || counted.resetAt <= Date.now() ? null : counted
    },
    async reset(key) {
      await send(() => redis.del(prefix + key))
    },
  }
}

/** The client's commands, told apart by shape: node-redis names them in camelCase. */
function commandsOf(client: RedisClient): RedisCommands {
  if (isNodeRedis(client)) {
    return {
      mget: (keys) => client.mGet(keys),
      setWithExpiry: (key, value, seconds) => client.set(key, value, { EX: seconds }),
      hgetall: (key) => client.hGetAll(key),
      hdel: (key, fields) => client.hDel(key, fields),
      del: (key) => client.del(key),
      eval: (script, keys, args) => client.eval(script, { keys, arguments: args }),
    }
  }
  if (isIORedis(client)) {
    return {
      mget: (keys) => client.mget(keys),
      setWithExpiry: (key, value, seconds) => client.set(key, value, "EX", seconds),
      hgetall: (key) => client.hgetall(key),
      hdel: (key, fields) => client.hdel(key, ...fields),
      del: (key) => client.del(key),
      eval: (script, keys, args) => client.eval(script, keys.length, ...keys, ...args),
    }
  }
  throw new TypeError(
    "createRedisStore needs a Redis client: one from `createClient()` of `redis` (v4 or v5) " +
      "or `new Redis()` of `ioredis`.",
  )
}

/** Whether `client` looks like node-redis: `mGet` and `hGetAll`, in camelCase. */
function isNodeRedis(client: unknown): client is NodeRedisClient {
  const candidate = client as Partial<Record<keyof NodeRedisClient, unknown>> | null
  return typeof candidate?.mGet === "function" && typeof candidate.hGetAll === "function"
}

/** Whether `client` looks like ioredis: `mget` and `hgetall`, in lowercase. */
function isIORedis(client: unknown): client is IORedisClient {
  const candidate = client as Partial<Record<keyof IORedisClient, unknown>> | null
  return typeof candidate?.mget === "function" && typeof candidate.hgetall === "function"
}

/** The `prefix` option, checked. */
function resolvePrefix(prefix: unknown): string {
  if (prefix === undefined) return DEFAULT_PREFIX
  if (typeof prefix === "string") return prefix
  throw new TypeError('createRedisStore\'s `prefix` must be a string, such as "myapp:auth:".')
}

/** The `timeoutMs` option, checked. */
function resolveTimeout(timeoutMs: unknown): number {
  if (timeoutMs === undefined) return DEFAULT_TIMEOUT_MS
  if (typeof timeoutMs === "number" && Number.isFinite(timeoutMs) && timeoutMs > 0) {
    return timeoutMs
  }
  throw new TypeError("createRedisStore's `timeoutMs` must be a positive number of milliseconds.")
}

/** A time to live as Redis's `EX` takes it: whole seconds, at least one. */
function wholeSeconds(ttlSeconds: number): number {
  return Math.max(1, Math.ceil(ttlSeconds))
}

/**
 * Runs `command`, giving up after `timeoutMs`.
 *
 * @throws {DatabaseUnavailableError} when Redis does not answer in time or cannot be reached
 */
async function withinTime<T>(command: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let expired: Error | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expired = new Error(`Redis did not answer within ${timeoutMs} ms (the store's timeoutMs)`)
      reject(expired)
    }, timeoutMs)
  })
  // A client that throws instead of rejecting (a closed one may) is handled the same way.
  const answer = new Promise<T>((resolve) => resolve(command()))
  try {
    return await Promise.race([answer, timeout])
  } catch (error) {
    if (error === expired || isConnectionError(error)) throw unavailable(error)
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/** The error a call throws when Redis is out of reach, with the client's error as its cause. */
function unavailable(cause: unknown): DatabaseUnavailableError {
  const reason = cause instanceof Error ? cause.message : String(cause)
  return new DatabaseUnavailableError(cause, {
    message:
      `Redis is unavailable (${reason}). Requests that need it are answered with 503 until ` +
      "it is back; nothing needs a restart.",
  })
}

/** Socket error codes (Node's, Deno's and Bun's alike) of a connection that failed or broke. */
const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
])

/**
 * How the clients say they are not connected: node-redis's `ClientClosedError` ("The client is
 * closed"), `ClientOfflineError`, `SocketClosedUnexpectedlyError`, `ConnectionTimeoutError`,
 * `DisconnectsClientError`; ioredis's "Connection is closed.", its offline queue turned off, and
 * `MaxRetriesPerRequestError`. Matched by message, which both clients keep stable, because
 * node-redis's errors carry no `name` or `code`.
 */
const CLIENT_DISCONNECTED_MESSAGES = [
  "The client is closed",
  "The client is offline",
  "Socket closed unexpectedly",
  "Connection timeout",
  "Disconnects client",
  "Connection is closed.",
  "Stream isn't writeable",
  "Reached the max retries per request limit",
]

/**
 * Error replies of a server that cannot serve right now but will: loading its data set after a
 * restart, a replica that lost its primary, a cluster slot moving or down, a script running long.
 * @see https://redis.io/docs/latest/develop/reference/protocol-spec/#simple-errors
 */
const RETRYABLE_REPLY = /^(LOADING|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|BUSY) /

/** How deep the causes of an error are followed (a cycle must not loop). */
const MAX_CAUSE_DEPTH = 5

/**
 * Whether `error` says Redis cannot be reached now (a later call may succeed), looking through
 * its causes: `cause`, node-redis's `originalError` and `socketError`, and an `AggregateError`'s
 * `errors` (a connection refused on every address of a host).
 */
function isConnectionError(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > MAX_CAUSE_DEPTH) return false
  const { code, message, cause, originalError, socketError, errors } = error as Record<
    string,
    unknown
  >
  if (typeof code === "string" && NETWORK_ERROR_CODES.has(code)) return true
  if (typeof message === "string" && saysDisconnected(message)) return true
  const causes = [cause, originalError, socketError, ...(Array.isArray(errors) ? errors : [])]
  return causes.some((next) => isConnectionError(next, depth + 1))
}

/** Whether an error's message is one of a client that is not connected, or a retryable reply. */
function saysDisconnected(message: string): boolean {
  return (
    CLIENT_DISCONNECTED_MESSAGES.some((start) => message.startsWith(start)) ||
    RETRYABLE_REPLY.test(message)
  )
}

/** A reply as text: a string as it is, bytes (a client set to return buffers) decoded. */
function textOf(reply: unknown): string | null {
  if (typeof reply === "string") return reply
  if (reply instanceof Uint8Array) return new TextDecoder().decode(reply)
  return null
}

/** The reply to `MGET` of `count` keys: one value or `null` per key. */
function parseValues(reply: unknown, count: number): (string | null)[] {
  if (!Array.isArray(reply) || reply.length !== count) throw unexpectedReply("MGET", reply)
  return reply.map(textOf)
}

/** The reply to `HGETALL`: an object, or a `Map` (node-redis speaking RESP3). */
function parseFields(reply: unknown): Record<string, string> {
  const entries =
    reply instanceof Map
      ? [...reply]
      : typeof reply === "object" && reply !== null
        ? Object.entries(reply)
        : null
  if (entries === null) throw unexpectedReply("HGETALL", reply)
  // `fromEntries` defines each field, so that one named `__proto__` stays a field.
  return Object.fromEntries(
    entries.map(([field, value]) => {
      const name = textOf(field)
      const text = textOf(value)
      if (name === null || text === null) throw unexpectedReply("HGETALL", reply)
      return [name, text]
    }),
  )
}

/** The reply of {@link HIT_SCRIPT}: the count and the milliseconds left in the window. */
function parseHit(reply: unknown, now: number): RateLimitCount {
  const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : []
  if (!Number.isInteger(count) || !Number.isInteger(ttl)) throw unexpectedReply("EVAL", reply)
  return { count: count!, resetAt: now + ttl! }
}

/** The error for a reply the store cannot read: a client configured to transform replies. */
function unexpectedReply(command: string, reply: unknown): TypeError {
  return new TypeError(
    `Redis answered ${command} with ${describeReply(reply)}, which the session store cannot ` +
      "read; pass a client with its default reply types.",
  )
}

/** A short description of a reply, for an error message (never its content: keys may be secret). */
function describeReply(reply: unknown): string {
  if (Array.isArray(reply)) return `an array of ${reply.length}`
  return reply === null ? "null" : `a value of type ${typeof reply}`
}
