import type { Awaitable } from "./common.js"

/** At most `limit` hits per `windowSeconds`. */
export interface RateLimitRule {
  /** Hits allowed in one window. A positive integer. */
  limit: number
  /** Length of a window, in seconds. Positive. */
  windowSeconds: number
}

/** Limits on requests for sign-in e-mails (POST `/signin/<e-mail provider>`). */
export interface EmailRateLimitOptions {
  /**
   * E-mails to one address (after `normalizeIdentifier`), whoever asks: stops mail-bombing an
   * inbox. `false` turns it off.
   *
   * @default { limit: 5, windowSeconds: 900 }
   */
  perAddress?: RateLimitRule | false
  /**
   * E-mails requested by one client (see `clientKey`), whatever the address: stops one client
   * from spraying many inboxes. `false` turns it off.
   *
   * @default { limit: 20, windowSeconds: 900 }
   */
  perClient?: RateLimitRule | false
}

/** The `rateLimit` config option: limits on requests that cost something to serve. */
export interface RateLimitOptions {
  /**
   * Where counters live. Each resolved config gets its own in-memory store by default, which is
   * right for one process; give a shared store (Redis) when several processes serve the app.
   *
   * @default an in-memory store
   */
  store?: RateLimitStore
  /**
   * Names the client a request comes from, for `perClient` limits; `null` or `undefined` means
   * unknown (no per-client limit for that request).
   *
   * @default the last `X-Forwarded-For` entry, else `X-Real-IP` (see the docs on trusting them)
   */
  clientKey?: (request: Request) => Awaitable<string | null | undefined>
  /** Limits on sign-in e-mails; `false` turns them off. @default the defaults above */
  email?: EmailRateLimitOptions | false
}

/** The hits counted for a key in its current window. */
export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  count: number
  /** When the window ends, in milliseconds since the epoch. */
  resetAt: number
}

/**
 * Where rate-limit counters live. One method, so that any store with an atomic increment and
 * an expiry can implement it.
 *
 * @example
 * // Redis (ioredis): one round trip, atomic across processes.
 * const store: RateLimitStore = {
 *   async hit(key, windowSeconds) {
 *     const [[, count], , [, ttl]] = (await redis
 *       .multi()
 *       .incr(`auth:${key}`)
 *       .expire(`auth:${key}`, windowSeconds, "NX")
 *       .pttl(`auth:${key}`)
 *       .exec()) as [[null, number], unknown, [null, number]]
 *     return { count, resetAt: Date.now() + ttl }
 *   },
 * }
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key`. The window starts with the key's first hit and lasts
   * `windowSeconds`; after it, counting starts again from one.
   */
  hit(key: string, windowSeconds: number): Promise<RateLimitCount>
}
