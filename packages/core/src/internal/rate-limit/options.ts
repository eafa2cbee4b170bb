/**
 * The `rateLimit` config option, and its defaults.
 */
import { AuthError } from "../../errors.js"
import type { Awaitable } from "../../providers/provider-types.js"
import { defaultClientKey } from "./client-key.js"
import { createMemoryStore, type RateLimitStore } from "./store.js"

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

/** Default limit on sign-in e-mails to one address: 5 per 15 minutes. */
export const EMAIL_PER_ADDRESS_DEFAULT: Readonly<RateLimitRule> = Object.freeze({
  limit: 5,
  windowSeconds: 15 * 60,
})

/** Default limit on sign-in e-mails requested by one client: 20 per 15 minutes. */
export const EMAIL_PER_CLIENT_DEFAULT: Readonly<RateLimitRule> = Object.freeze({
  limit: 20,
  windowSeconds: 15 * 60,
})

/** The `rateLimit` option with its defaults applied. */
export interface ResolvedRateLimit {
  readonly store: RateLimitStore
  readonly clientKey: (request: Request) => Awaitable<string | null | undefined>
  readonly email: {
    readonly perAddress: Readonly<RateLimitRule> | undefined
    readonly perClient: Readonly<RateLimitRule> | undefined
  }
}

/**
 * Applies the defaults to the `rateLimit` option (`false` turns every limit off).
 *
 * @returns the resolved limits, and the first mistake found in the option, if any
 */
export function resolveRateLimit(options: RateLimitOptions | false | undefined): {
  rateLimit: ResolvedRateLimit
  error: AuthError | undefined
} {
  const email = options === false || options?.email === false ? false : options?.email
  const perAddress = email === false ? false : (email?.perAddress ?? EMAIL_PER_ADDRESS_DEFAULT)
  const perClient = email === false ? false : (email?.perClient ?? EMAIL_PER_CLIENT_DEFAULT)
  const rateLimit: ResolvedRateLimit = Object.freeze({
    store: (options || undefined)?.store ?? createMemoryStore(),
    clientKey: (options || undefined)?.clientKey ?? defaultClientKey,
    email: Object.freeze({
      perAddress: perAddress === false ? undefined : perAddress,
      perClient: perClient === false ? undefined : perClient,
    }),
  })
  const error =
    ruleError("rateLimit.email.perAddress", perAddress) ??
    ruleError("rateLimit.email.perClient", perClient)
  return { rateLimit, error }
}

function ruleError(name: string, rule: RateLimitRule | false): AuthError | undefined {
  if (rule === false) return undefined
  const { limit, windowSeconds } = rule
  if (Number.isInteger(limit) && limit > 0 && Number.isFinite(windowSeconds) && windowSeconds > 0) {
    return undefined
  }
  return new AuthError(
    `${name} must be { limit, windowSeconds } with a positive whole limit and a positive window, or false to turn it off.`,
  )
}
