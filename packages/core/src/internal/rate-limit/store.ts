/**
 * Fixed-window counters for rate limits, behind an asynchronous store so that a shared store
 * (Redis, a database) can replace the in-memory one when several processes serve one app.
 */
import type { RateLimitCount, RateLimitStep, RateLimitStore } from "../../types/rate-limit.js"

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
  const hit = (key: string, windowSeconds: number): RateLimitCount => {
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
  }
  const peek = (key: string): RateLimitCount | null => {
    const window = windows.get(key)
    return window && window.resetAt > now() ? { ...window } : null
  }
  return {
    async hit(key, windowSeconds) {
      return hit(key, windowSeconds)
    },
    async peek(key) {
      return peek(key)
    },
    async reset(key) {
      windows.delete(key)
    },
    async run(steps) {
      const counts: Array<RateLimitCount | null> = []
      for (const step of steps) {
        const count = step.type === "hit" ? hit(step.key, step.windowSeconds) : peek(step.key)
        counts.push(count)
        if (isOverLimit(step, count)) break
      }
      return counts
    },
  }
}

/** Whether `count`, found by `step`, is over the step's limit (see `RateLimitStep`). */
export function isOverLimit(step: RateLimitStep, count: RateLimitCount | null): boolean {
  if (step.limit === undefined || count === null) return false
  return step.type === "hit" ? count.count > step.limit : count.count >= step.limit
}

function evict(windows: Map<string, RateLimitCount>, time: number): void {
  for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key)
  // Still full: the oldest windows go (Map iterates in insertion order).
  for (const key of windows.keys()) {
    if (windows.size < MEMORY_STORE_MAX_KEYS) break
    windows.delete(key)
  }
}
