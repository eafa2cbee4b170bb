/**
 * Applying a rule to a key: one hit counted, and whether it is still within the limit.
 */

import type { RateLimitRule, RateLimitStore } from "../../types/rate-limit.js"
import type { LoggerInstance } from "../logger.js"

/** The outcome of one hit on a limited key. */
export type RateLimitResult =
  | { allowed: true }
  | { allowed: false; count: number; limit: number; resetAt: number }

/**
 * Counts one hit on `key` under `rule`. A store that fails lets the request through (the cause
 * is logged): a limit protects the service, and must not take sign-in down with it.
 */
export async function hitRateLimit(
  store: RateLimitStore,
  key: string,
  rule: RateLimitRule,
  logger: LoggerInstance,
): Promise<RateLimitResult> {
  let counted: { count: number; resetAt: number }
  try {
    counted = await store.hit(key, rule.windowSeconds)
  } catch (error) {
    logger.error(
      new Error("The rate-limit store failed; the request was let through.", { cause: error }),
    )
    return { allowed: true }
  }
  if (counted.count <= rule.limit) return { allowed: true }
  return { allowed: false, count: counted.count, limit: rule.limit, resetAt: counted.resetAt }
}
