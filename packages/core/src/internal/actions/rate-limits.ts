/**
 * The limits on sign-in paths (the `rateLimit` option): one client's POSTs, OAuth and passkey
 * sign-in starts, session updates, and credentials attempts with a lockout that grows with each
 * failure. A limited request is refused before anything is looked up or written, with
 * `RateLimited` (the sign-in page with `error=RateLimited`, or `429` for a JSON request), one
 * `warn` line and the `rateLimited` event.
 *
 * Counter keys hold a keyed hash of the client or identifier, never the value itself, so a shared
 * store (Redis) collects no addresses or user names, and no log line names them.
 */
// `#crypto` is `internal/crypto/crypto.node.ts` under the "node" condition, else
// `internal/crypto/crypto.ts` (WebCrypto): see "imports" in package.json.
import { hmacSha256Hex } from "#crypto"
import { RateLimited } from "../../errors.js"
import type { RateLimitRule, RateLimitStep } from "../../types/rate-limit.js"
import { rateLimitOf } from "../config/rate-limits.js"
import { emitEvent } from "../config/resolve-config.js"
import { hitRateLimit, type Limiter, resetRateLimit, runRateLimits } from "../rate-limit/limit.js"
import { isOverLimit } from "../rate-limit/store.js"
import type { AuthContext } from "../request/context.js"

/**
 * Separates these MACs from the others made with the same secret (CSRF cookies, e-mail
 * tokens), so that no value made for one purpose can be presented as another.
 */
const KEY_CONTEXT = "authjs.rate-limit:"

/** Format characters (zero-width spaces and joiners, bidi marks): invisible in a name. */
const INVISIBLE = /\p{Cf}/gu

/** What a limit is on, as the `rateLimited` event and the log line say it. */
export type LimitedScope =
  | "client"
  | "credentials-client"
  | "credentials-identifier"
  | "credentials-lockout"
  | "sign-in"
  | "session-update"
  | "email-client"
  | "email-address"

/** The limiter of a request's config. */
export function limiterOf(context: AuthContext): Limiter {
  const { store, onStoreFailure } = rateLimitOf(context.config)
  return { store, onStoreFailure, logger: context.config.logger }
}

/** The counter key of `value` under `scope`: a keyed hash, never the value. */
export async function limitKey(
  context: AuthContext,
  scope: string,
  value: string,
): Promise<string> {
  const secret = context.config.secrets[0]!
  return `${scope}:${await hmacSha256Hex(secret, `${KEY_CONTEXT}${scope}:${value}`)}`
}

/** The client of a request (`rateLimit.clientKey`), or `undefined` when unknown. */
export async function clientKeyOf(context: AuthContext): Promise<string | undefined> {
  try {
    return (await rateLimitOf(context.config).clientKey(context.request.original)) ?? undefined
  } catch (error) {
    context.config.logger.error(
      new Error("rateLimit.clientKey threw; no per-client limit applied.", { cause: error }),
    )
    return undefined
  }
}

/**
 * Counts one request of the client against `rule` under `scope`.
 *
 * @throws {RateLimited} when the client is over the limit
 */
export async function limitClient(
  context: AuthContext,
  rule: RateLimitRule | undefined,
  scope: LimitedScope,
): Promise<void> {
  if (!rule) return
  const client = await clientKeyOf(context)
  if (client === undefined) return
  const result = await hitRateLimit(
    limiterOf(context),
    await limitKey(context, scope, client),
    rule,
  )
  if (!result.allowed) throw await refuseLimited(context, scope, result.resetAt)
}

/** A credentials attempt, as its limits know it. */
export interface CredentialsAttempt {
  /** The key of the client's failures, when the client is known and limited. */
  readonly clientKey: string | undefined
  /** The key of the identifier's attempts, when the attempt names one and it is limited. */
  readonly identifierKey: string | undefined
  /** Attempts on the identifier since its last success, this one included. */
  readonly attempts: number
}

/**
 * Counts one POST of the client against the ceiling on every POST (`rateLimit.perClient`),
 * except a credentials sign-in's, which `admitCredentials` counts with the attempt's own limits
 * in the same store call.
 *
 * @throws {RateLimited} when the client is over the ceiling
 */
export async function limitPost(context: AuthContext): Promise<void> {
  if (isCredentialsCallback(context)) return
  await limitClient(context, rateLimitOf(context.config).perClient, "client")
}

/** Whether the request is a credentials sign-in (POST `/callback/<credentials provider>`). */
function isCredentialsCallback(context: AuthContext): boolean {
  const { action, providerId } = context.request
  if (action !== "callback" || providerId === undefined) return false
  return context.config.providerById.get(providerId)?.type === "credentials"
}

/**
 * Checks a credentials attempt before `authorize` runs, in one store call: the client's POST
 * ceiling, the client's failures, the identifier's lockout, and one attempt counted on the
 * identifier (atomically, so that concurrent guesses cannot pass together). A success clears the
 * count; so the count is the failures in a row, which the lockout grows with.
 *
 * @throws {RateLimited} when any of them is over its limit
 */
export async function admitCredentials(
  context: AuthContext,
  credentials: Record<string, unknown>,
  declared: readonly string[] = [],
): Promise<CredentialsAttempt> {
  const rateLimit = rateLimitOf(context.config)
  const ceiling = rateLimit.perClient
  const { perClient, perIdentifier, lockout } = rateLimit.credentials
  const client = perClient || ceiling ? await clientKeyOf(context) : undefined
  const steps: RateLimitStep[] = []
  const scopes: LimitedScope[] = []
  const add = (scope: LimitedScope, step: RateLimitStep) => {
    steps.push(step)
    scopes.push(scope)
  }
  if (client !== undefined && ceiling) {
    const key = await limitKey(context, "client", client)
    add("client", { type: "hit", key, windowSeconds: ceiling.windowSeconds, limit: ceiling.limit })
  }
  const clientKey =
    client !== undefined && perClient
      ? await limitKey(context, "credentials-client", client)
      : undefined
  if (clientKey && perClient) {
    add("credentials-client", { type: "peek", key: clientKey, limit: perClient.limit })
  }
  const identifier =
    perIdentifier || lockout ? normalizedIdentifier(context, credentials, declared) : undefined
  const identifierKey =
    identifier === undefined
      ? undefined
      : await limitKey(context, "credentials-identifier", identifier)
  if (identifierKey) {
    if (lockout)
      add("credentials-lockout", { type: "peek", key: `lock:${identifierKey}`, limit: 1 })
    const windowSeconds = perIdentifier ? perIdentifier.windowSeconds : lockout!.windowSeconds
    add("credentials-identifier", {
      type: "hit",
      key: `attempts:${identifierKey}`,
      windowSeconds,
      limit: perIdentifier ? perIdentifier.limit : undefined,
    })
  }
  if (steps.length === 0) return { clientKey, identifierKey, attempts: 0 }
  const counts = await runRateLimits(limiterOf(context), steps)
  if (counts === undefined) return { clientKey, identifierKey, attempts: 0 }
  for (const [index, count] of counts.entries()) {
    if (count && isOverLimit(steps[index]!, count)) {
      throw await refuseLimited(context, scopes[index]!, count.resetAt)
    }
  }
  const attempts = scopes.indexOf("credentials-identifier")
  return { clientKey, identifierKey, attempts: counts[attempts]?.count ?? 0 }
}

/**
 * Records a failed credentials attempt: one more failure of the client, and, from the lockout's
 * threshold of failures in a row on, a lockout of the identifier for `baseSeconds`, doubled per
 * further failure, at most `maxSeconds`.
 */
export async function recordCredentialsFailure(
  context: AuthContext,
  attempt: CredentialsAttempt,
): Promise<void> {
  const { perClient, lockout } = rateLimitOf(context.config).credentials
  const limiter = limiterOf(context)
  if (attempt.clientKey && perClient) await hitRateLimit(limiter, attempt.clientKey, perClient)
  if (!attempt.identifierKey || !lockout || attempt.attempts < lockout.threshold) return
  const doublings = Math.min(attempt.attempts - lockout.threshold, 30)
  const seconds = Math.min(lockout.baseSeconds * 2 ** doublings, lockout.maxSeconds)
  await hitRateLimit(limiter, `lock:${attempt.identifierKey}`, { limit: 1, windowSeconds: seconds })
}

/**
 * A successful sign-in clears its identifier's attempts: its failures in a row start over. The
 * sign-in does not wait for it (a shared store is one round trip away); a failure is logged.
 */
export function recordCredentialsSuccess(context: AuthContext, attempt: CredentialsAttempt): void {
  if (!attempt.identifierKey) return
  resetRateLimit(limiterOf(context), `attempts:${attempt.identifierKey}`).catch((error) => {
    context.config.logger.error(
      new Error("The rate-limit store could not clear a sign-in's failed attempts.", {
        cause: error,
      }),
    )
  })
}

/**
 * The attempt's identifier in one form for all its spellings: Unicode NFKC (fullwidth `ａ` and
 * `ᵉ` are `a` and `e`), without invisible format characters (a zero-width space), trimmed and
 * lower-cased, as a database's Unicode-aware collation might compare them; `undefined` when it
 * names none.
 */
function normalizedIdentifier(
  context: AuthContext,
  credentials: Record<string, unknown>,
  declared: readonly string[],
): string | undefined {
  let identifier: string | null | undefined
  try {
    identifier = rateLimitOf(context.config).credentials.identifier(credentials, declared)
  } catch (error) {
    context.config.logger.error(
      new Error("rateLimit.credentials.identifier threw; no per-identifier limit applied.", {
        cause: error,
      }),
    )
    return undefined
  }
  const normalized =
    typeof identifier === "string"
      ? identifier.normalize("NFKC").replace(INVISIBLE, "").trim().toLowerCase()
      : ""
  return normalized === "" ? undefined : normalized
}

/**
 * The refusal of a limited request: one `warn` line and the `rateLimited` event (neither names
 * the client or identifier), and the `RateLimited` error the routes answer.
 */
export async function refuseLimited(
  context: AuthContext,
  scope: LimitedScope,
  resetAt: number,
): Promise<RateLimited> {
  const { action, providerId } = context.request
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000))
  const path = providerId ? `${action}/${providerId}` : action
  context.config.logger.warn(
    "rate-limited",
    `POST ${context.basePath}/${path} was refused: too many requests (${scope}); retry in ${retryAfter} s.`,
  )
  await emitEvent(context.config, "rateLimited", {
    action,
    provider: providerId,
    scope,
    retryAfter,
  })
  return new RateLimited(
    `Too many requests (${scope}) for ${context.basePath}/${path}; retry in ${retryAfter} s.`,
    resetAt,
  )
}
