import { rateLimitOf } from "../config/rate-limits.js"
import type { ResolvedConfig } from "../config/resolve-config.js"
import { type ActionResult, json } from "../http/action-result.js"
import type { AuthContext } from "../request/context.js"

/**
 * How long one check may take, in milliseconds: a store that has not answered by then counts as
 * down, so a hung database gives `503` quickly instead of a check that hangs (HAProxy gives a
 * check 2 s by default, `inter`).
 */
export const HEALTH_CHECK_TIMEOUT_MS = 1_500

/** How long a balancer is asked to wait before it checks again, in seconds. */
const RETRY_AFTER_SECONDS = 5

/** While a check keeps failing, its cause is logged again at most this often, in milliseconds. */
const RELOG_INTERVAL_MS = 60_000

/** One dependency the service cannot answer without, and how to ask whether it answers. */
interface Check {
  /** For the log: "the adapter", "the session store", "the rate-limit store". */
  readonly name: string
  readonly ping: () => Promise<void>
}

/** Why a check failed. The cause is logged, never sent. */
class HealthCheckFailed extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = "HealthCheckFailed"
    // Where the check ran says nothing: the log shows the message, and the cause's own stack.
    this.stack = `${this.name}: ${message}`
  }
}

/** Per config, when each failing check was last logged: its outage is told once a minute. */
const failing = new WeakMap<ResolvedConfig, Map<string, number>>()

/**
 * GET `<basePath>/health`, for load balancers: `200 {"status":"ok"}` when every store the service
 * needs answers, else `503 {"status":"unavailable"}` with `Retry-After`; never cached. The
 * stores are the adapter, `session.store`, and `rateLimit.store` when `onStoreFailure` is
 * `"closed"` (with `"open"`, its outage lets requests through and takes nothing down), each asked
 * through its optional `ping` (one without it, such as the in-memory stores, is taken to
 * answer), all at once, each bounded by {@link HEALTH_CHECK_TIMEOUT_MS}.
 *
 * Cheap by design: no session is read, no cookie set, no CSRF token made, nothing counted by a
 * rate limit, and the request's `Host` is never looked at (a check from HAProxy may have none).
 * A failure's cause goes to `config.logger`, once when it starts and then once a minute.
 */
export async function healthAction(context: AuthContext): Promise<ActionResult> {
  const { config } = context
  const path = `${context.basePath}/health`
  const results = await Promise.all(checksOf(config).map((check) => runCheck(check, path)))
  const logged = failing.get(config) ?? new Map<string, number>()
  failing.set(config, logged)
  const now = Date.now()
  let healthy = true
  for (const { check, error } of results) {
    if (error === undefined) {
      logged.delete(check.name)
      continue
    }
    healthy = false
    const last = logged.get(check.name)
    if (last === undefined || now - last >= RELOG_INTERVAL_MS) {
      logged.set(check.name, now)
      config.logger.error(error)
    }
  }
  if (healthy) return json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } })
  return json(
    { status: "unavailable" },
    {
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) },
    },
  )
}

/**
 * The stores to ask, each once (one Redis store is often both the session and rate-limit store):
 * those without which requests fail. The session store only for JWT sessions, whose every read
 * asks it; with database sessions it holds nothing a read or a sign-in needs (a refresh mark that
 * tolerates its absence), and a Redis outage must not take every instance out of the balancer.
 */
function checksOf(config: ResolvedConfig): Check[] {
  const jwt = config.session.strategy === "jwt"
  const rateLimit = rateLimitOf(config)
  const candidates: { name: string; target: { ping?: () => Promise<void> } | undefined }[] = [
    { name: "the adapter", target: config.adapter },
    { name: "the session store", target: jwt ? config.session.store : undefined },
    {
      name: "the rate-limit store",
      target: rateLimit.onStoreFailure === "closed" ? rateLimit.store : undefined,
    },
  ]
  const seen = new Set<object>()
  const checks: Check[] = []
  for (const { name, target } of candidates) {
    if (!target || typeof target.ping !== "function" || seen.has(target)) continue
    seen.add(target)
    checks.push({ name, ping: () => target.ping!() })
  }
  return checks
}

/** Runs one check within the time limit; its failure, if any, as the error to log. */
async function runCheck(
  check: Check,
  path: string,
): Promise<{ check: Check; error?: HealthCheckFailed }> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = Symbol("timed out")
  const timeout = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), HEALTH_CHECK_TIMEOUT_MS)
  })
  try {
    // A `ping` that throws instead of rejecting is a failure all the same.
    const answer = new Promise<void>((resolve) => resolve(check.ping()))
    const outcome = await Promise.race([answer, timeout])
    if (outcome !== timedOut) return { check }
    const message = `The health check: ${check.name} did not answer within ${HEALTH_CHECK_TIMEOUT_MS} ms: GET ${path} answers 503 until it does.`
    return { check, error: new HealthCheckFailed(message) }
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message || cause.name : String(cause)
    const message = `The health check: ${check.name} failed (${reason}): GET ${path} answers 503 until it answers.`
    return { check, error: new HealthCheckFailed(message, cause) }
  } finally {
    clearTimeout(timer)
  }
}
