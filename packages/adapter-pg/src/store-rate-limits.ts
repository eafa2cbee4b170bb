/**
 * The `RateLimitStore` half of the PostgreSQL store: counters in `auth_rate_limits`, counted by
 * the `auth_rate_limit_steps` function, so that a hit, a peek and a run of steps are each one
 * statement, atomic across instances, with the semantics of core's Redis store.
 */
import type { RateLimitCount, RateLimitStep } from "@auth/core/types"
import type { StoreNames } from "./store-schema.js"
import type { StoreQuery } from "./store-sessions.js"

/** The rate-limit methods of the store. */
export interface RateLimitMethods {
  hit(key: string, windowSeconds: number): Promise<RateLimitCount>
  peek(key: string): Promise<RateLimitCount | null>
  reset(key: string): Promise<void>
  run(steps: readonly RateLimitStep[]): Promise<Array<RateLimitCount | null>>
}

/** One step's answer: the count, and the milliseconds left in its window (`-2`: none). */
interface StepRow {
  step_count: number
  ttl_ms: number
}

/** A window as the Redis store counts it: in milliseconds, at least one. */
function windowMs(windowSeconds: number): number {
  return Math.max(1, Math.ceil(windowSeconds * 1000))
}

/** The rate-limit methods on the counters of `t`. */
export function rateLimitMethods(t: StoreNames, query: StoreQuery): RateLimitMethods {
  const run = async (steps: readonly RateLimitStep[]): Promise<Array<RateLimitCount | null>> => {
    if (steps.length === 0) return []
    const rows = (await query(
      `SELECT s.step_count, s.ttl_ms
       FROM ${t.steps}($1::text[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS s(step_count, ttl_ms, n)
       ORDER BY s.n`,
      [
        steps.map((step) => step.key),
        steps.map((step) => (step.type === "hit" ? windowMs(step.windowSeconds) : null)),
        steps.map((step) => step.limit ?? null),
      ],
    )) as StepRow[]
    const now = Date.now()
    return rows.map((row, index) => {
      const count = Number(row.step_count)
      const ttl = Number(row.ttl_ms)
      if (steps[index]!.type === "peek" && (count === 0 || ttl <= 0)) return null
      return { count, resetAt: now + ttl }
    })
  }
  return {
    async hit(key, windowSeconds) {
      const [counted] = await run([{ type: "hit", key, windowSeconds }])
      return counted!
    },
    async peek(key) {
      const [counted] = await run([{ type: "peek", key }])
      return counted ?? null
    },
    async reset(key) {
      await query(`DELETE FROM ${t.rateLimits} WHERE key = $1`, [key])
    },
    run,
  }
}
