/**
 * Applying a rule to a key: one hit counted, and whether it is still within the limit; and the
 * store's other calls (a look without counting, a reset), each surviving a store outage as the
 * config says.
 */

import type {
  RateLimitCount,
  RateLimitRule,
  RateLimitStep,
  RateLimitStore,
} from "../../types/rate-limit.js"
import { DatabaseUnavailableError } from "../database-unavailable.js"
import type { LoggerInstance } from "../logger.js"
import { isOverLimit } from "./store.js"

/** The outcome of one hit on a limited key. */
export type RateLimitResult =
  | { allowed: true }
  | { allowed: false; count: number; limit: number; resetAt: number }

/** What a limiter needs: the store, what to do when it fails, and where to say so. */
export interface Limiter {
  readonly store: RateLimitStore
  readonly onStoreFailure: "open" | "closed"
  readonly logger: LoggerInstance
}

/** Stores whose outage was logged and that have not answered since: logged once per outage. */
const failing = new WeakSet<RateLimitStore>()

/**
 * Counts one hit on `key` under `rule`. A store that fails lets the request through with
 * `onStoreFailure: "open"` (the default; logged once per outage): a limit protects the service,
 * and must not take sign-in down with it.
 *
 * @throws {DatabaseUnavailableError} when the store fails and `onStoreFailure` is `"closed"`
 */
export async function hitRateLimit(
  limiter: Limiter,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const counted = await storeCall(limiter, () => limiter.store.hit(key, rule.windowSeconds))
  if (!counted || counted.count <= rule.limit) return { allowed: true }
  return { allowed: false, count: counted.count, limit: rule.limit, resetAt: counted.resetAt }
}

/**
 * Runs `steps` (see `RateLimitStore.run`): in one store call when the store has `run`, else one
 * call per step, ending after the first step over its limit all the same. Gives each step's
 * count, or `undefined` when the store failed (open).
 */
export function runRateLimits(
  limiter: Limiter,
  steps: readonly RateLimitStep[],
): Promise<Array<RateLimitCount | null> | undefined> {
  const { store } = limiter
  if (store.run) return storeCall(limiter, () => store.run!(steps))
  return storeCall(limiter, async () => {
    const counts: Array<RateLimitCount | null> = []
    for (const step of steps) {
      const count =
        step.type === "hit"
          ? await store.hit(step.key, step.windowSeconds)
          : ((await store.peek?.(step.key)) ?? null)
      counts.push(count)
      if (isOverLimit(step, count)) break
    }
    return counts
  })
}

/** Forgets `key`, when the store can. */
export async function resetRateLimit(limiter: Limiter, key: string): Promise<void> {
  const { store } = limiter
  if (store.reset) await storeCall(limiter, () => store.reset!(key))
}

/** Runs a store call; a failure gives `undefined` (open) or a 503 (closed). */
async function storeCall<T>(limiter: Limiter, call: () => Promise<T>): Promise<T | undefined> {
  const { store, logger, onStoreFailure } = limiter
  try {
    const result = await call()
    failing.delete(store)
    return result
  } catch (error) {
    if (onStoreFailure === "closed") {
      throw error instanceof DatabaseUnavailableError
        ? error
        : new DatabaseUnavailableError(error, {
            message:
              'The rate-limit store failed; with onStoreFailure "closed" the request is answered 503.',
          })
    }
    if (!failing.has(store)) {
      failing.add(store)
      logger.error(
        new Error("The rate-limit store failed; requests are let through until it answers again.", {
          cause: error,
        }),
      )
    }
    return undefined
  }
}
