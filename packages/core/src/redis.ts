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

import { isDenyListKey } from "./internal/session-store/deny-list-keys.js"
import {
  commandsOf,
  isNodeRedis,
  type RedisClient,
  type RedisCommands,
} from "./internal/session-store/redis-clients.js"
import {
  isClientReady,
  parseFields,
  parseHit,
  parseSteps,
  parseValues,
  redisTimeLimit,
  unexpectedReply,
} from "./internal/session-store/redis-replies.js"
import {
  DELETE_IF_EQUALS_SCRIPT,
  HIT_SCRIPT,
  PEEK_SCRIPT,
  PUBLISH_SCRIPT,
  RUN_SCRIPT,
  SET_AND_PUBLISH_SCRIPT,
  SET_FIELD_SCRIPT,
  SET_IF_ABSENT_SCRIPT,
} from "./internal/session-store/redis-scripts.js"
import {
  createRevocationCache,
  invalidation,
  REVOCATION_CACHE_MAX_ENTRIES,
  type RevocationCache,
} from "./internal/session-store/revocation-cache.js"
import type { RateLimitCount, RateLimitStep, RateLimitStore } from "./types/rate-limit.js"
import type { SessionStore } from "./types/sessions.js"

export type {
  IORedisClient,
  NodeRedisClient,
  RedisClient,
} from "./internal/session-store/redis-clients.js"

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
  /**
   * Keep the JWT deny-list in this process as well (an addition beyond Auth.js): a session read
   * then costs no Redis round trip. Each entry read (a revoked session id, a user's "signed out
   * everywhere" stamp, or their absence) stays until a write of it is announced: every store
   * writes these entries with a `PUBLISH` on `<prefix>revocations`, and this one listens on a
   * second connection of its own (`client.duplicate()`, named `authjs-revocation-cache`). The
   * cache is used while that connection works: no error or reconnect, and a heartbeat it
   * publishes every second heard within the last 2.5 s. Otherwise reads go to Redis as without
   * the cache.
   *
   * The price: a revocation reaches the other instances when its message does (on a loopback
   * or LAN, well under a millisecond; at most 2.5 s when messages stop arriving), not at the
   * moment Redis stores it, so a request that arrives at another instance within that time can
   * still pass once. Every instance must run a
   * version that publishes (this one). Call `store.close()` at shutdown, beside your client's
   * `quit()`: the second connection would keep the process alive.
   *
   * `true` keeps up to 100,000 entries; `{ maxEntries }` sets the bound (the oldest go first).
   *
   * @default false
   */
  revocationCache?: boolean | { maxEntries?: number }
}

/** Both stores in one: give it as `session.store` and as `rateLimit.store`. */
export interface RedisStore extends SessionStore, RateLimitStore {
  /** `PING` (within `timeoutMs`), for `GET <basePath>/health`. */
  ping(): Promise<void>
  peek(key: string): Promise<RateLimitCount | null>
  reset(key: string): Promise<void>
  run(steps: readonly RateLimitStep[]): Promise<Array<RateLimitCount | null>>
  /**
   * Closes the revocation cache's connection (`revocationCache`); without the cache, does
   * nothing. Your client stays yours to close.
   */
  close(): Promise<void>
}

/** The default of {@link RedisStoreOptions.prefix}. */
const DEFAULT_PREFIX = "authjs:"
/** The default of {@link RedisStoreOptions.timeoutMs}. */
const DEFAULT_TIMEOUT_MS = 1000

/**
 * The session store's short locks (`setIfAbsent`, `deleteIfEquals`), with which one instance
 * refreshes a provider's access token while the others wait for its result. The time to live is
 * in milliseconds, at least one.
 */
function lockMethods(
  redis: RedisCommands,
  prefix: string,
  send: <T>(command: () => Promise<T>) => Promise<T>,
): Required<Pick<SessionStore, "setIfAbsent" | "deleteIfEquals">> {
  return {
    async setIfAbsent(key, value, ttlMs) {
      const milliseconds = String(Math.max(1, Math.ceil(ttlMs)))
      const args = [value, milliseconds]
      const reply = await send(() => redis.eval(SET_IF_ABSENT_SCRIPT, [prefix + key], args))
      if (Number(reply) !== 0 && Number(reply) !== 1) throw unexpectedReply("EVAL", reply)
      return Number(reply) === 1
    },
    async deleteIfEquals(key, value) {
      await send(() => redis.eval(DELETE_IF_EQUALS_SCRIPT, [prefix + key], [value]))
    },
  }
}

/**
 * A session store and rate-limit store on your Redis client. Every call is one round trip (a credentials sign-in's limits are one `run`),
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
  const send = redisTimeLimit(timeoutMs, connectionLost(client))
  const channel = `${prefix}revocations`
  const cache = revocationCacheOf(client, options.revocationCache, channel, (message) =>
    send(() => redis.eval(PUBLISH_SCRIPT, [], [channel, message])),
  )
  return {
    async ping() {
      // The cheapest command there is; a client without `ping` runs a script as small.
      await send(() => (hasPing(client) ? client.ping() : redis.eval("return 1", [], [])))
    },
    async get(keys) {
      if (keys.length === 0) return []
      const cached = cache?.lookup(keys)
      if (cached) return cached
      const ticket = cache?.ticket() ?? -1
      const reply = await send(() => redis.mget(keys.map((key) => prefix + key)))
      const values = parseValues(reply, keys.length)
      cache?.remember(ticket, keys, values)
      return values
    },
    async set(key, value, ttlSeconds) {
      const seconds = wholeSeconds(ttlSeconds)
      if (!isDenyListKey(key)) {
        await send(() => redis.setWithExpiry(prefix + key, value, seconds))
        return
      }
      cache?.forget(key)
      const args = [value, String(seconds), channel, invalidation(key)]
      await send(() => redis.eval(SET_AND_PUBLISH_SCRIPT, [prefix + key], args))
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
    ...lockMethods(redis, prefix, send),
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
    async run(steps) {
      if (steps.length === 0) return []
      const keys = steps.map((step) => prefix + step.key)
      const args = steps.flatMap((step) => [
        step.type,
        step.type === "hit" ? String(Math.max(1, Math.ceil(step.windowSeconds * 1000))) : "0",
        String(step.limit ?? -1),
      ])
      const reply = await send(() => redis.eval(RUN_SCRIPT, keys, args))
      return parseSteps(reply, steps, Date.now())
    },
    async close() {
      await cache?.close()
    },
  }
}

/** The `revocationCache` option, checked; the cache, when it is on. */
function revocationCacheOf(
  client: RedisClient,
  option: boolean | { maxEntries?: unknown } | undefined,
  channel: string,
  publish: (message: string) => Promise<unknown>,
): RevocationCache | undefined {
  if (option === undefined || option === false) return undefined
  const bound =
    typeof option === "object" && option !== null
      ? (option.maxEntries ?? REVOCATION_CACHE_MAX_ENTRIES)
      : REVOCATION_CACHE_MAX_ENTRIES
  if (
    (option !== true && (typeof option !== "object" || option === null)) ||
    !Number.isInteger(bound) ||
    (bound as number) < 1
  ) {
    throw new TypeError(
      "createRedisStore's `revocationCache` must be true, false or { maxEntries } (a positive integer).",
    )
  }
  const kind = isNodeRedis(client) ? "node-redis" : "ioredis"
  return createRevocationCache(client, kind, channel, publish, bound as number)
}

/** Whether the client has `ping` (node-redis and ioredis both do; a structural stand-in may not). */
function hasPing(client: unknown): client is { ping(): Promise<unknown> } {
  return typeof (client as { ping?: unknown } | null)?.ping === "function"
}

/**
 * Whether the client has lost the connection it had and is reconnecting (node-redis `isReady`,
 * ioredis `status`). Until it was first ready, commands wait in its queue as usual: an app's
 * first requests may come while it connects.
 */
function connectionLost(client: RedisClient): () => boolean {
  let wasReady = false
  return () => {
    const now = isClientReady(client)
    if (now === undefined) return false
    if (now) wasReady = true
    return wasReady && !now
  }
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
