/**
 * Fixed-window counters for rate limits, behind an asynchronous store so that a shared store
 * (Redis, a database) can replace the in-memory one when several processes serve one app.
 */

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

/** At most this many keys are held by a memory store; expired ones go first. */
export const MEMORY_STORE_MAX_KEYS = 10_000

/**
 * A store in this process's memory: right for one server process, and bounded, so that a flood
 * of distinct keys cannot grow it without limit (beyond {@link MEMORY_STORE_MAX_KEYS}, expired
 * windows are dropped, then the oldest).
 *
 * @param now the clock, in milliseconds since the epoch (injected in tests)
 */
export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, RateLimitCount>()
  return {
    async hit(key, windowSeconds) {
      const time = now()
      let window = windows.get(key)
      if (!window || window.resetAt <= time) {
        windows.delete(key)
        window = { count: 0, resetAt: time + windowSeconds * 1000 }
        if (windows.size >= MEMORY_STORE_MAX_KEYS) evict(windows, time)
        windows.set(key, window)
      }
      window.count += 1
      return { ...window }
    },
  }
}

function evict(windows: Map<string, RateLimitCount>, time: number): void {
  for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key)
  // Still full: the oldest windows go (Map iterates in insertion order).
  for (const key of windows.keys()) {
    if (windows.size < MEMORY_STORE_MAX_KEYS) break
    windows.delete(key)
  }
}
