/**
 * The `rateLimit` config option, and its defaults.
 */
import { AuthError } from "../../errors.js"
import type { Awaitable } from "../../types/common.js"
import type { RateLimitOptions, RateLimitRule, RateLimitStore } from "../../types/rate-limit.js"
import {
  clientAddressOf,
  compileTrustedProxies,
  type TrustedProxies,
} from "../http/client-address.js"
import { createMemoryStore } from "./store.js"

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
export function resolveRateLimit(
  options: RateLimitOptions | false | undefined,
  trustedProxies?: TrustedProxies,
): {
  rateLimit: ResolvedRateLimit
  error: AuthError | undefined
} {
  const proxies = compileTrustedProxies(trustedProxies)
  const isTrusted = proxies.matcher
  const email = options === false || options?.email === false ? false : options?.email
  const perAddress = email === false ? false : (email?.perAddress ?? EMAIL_PER_ADDRESS_DEFAULT)
  const perClient = email === false ? false : (email?.perClient ?? EMAIL_PER_CLIENT_DEFAULT)
  const rateLimit: ResolvedRateLimit = Object.freeze({
    store: (options || undefined)?.store ?? createMemoryStore(),
    clientKey:
      (options || undefined)?.clientKey ??
      ((request: Request) => clientAddressOf(request, isTrusted)),
    email: Object.freeze({
      perAddress: perAddress === false ? undefined : perAddress,
      perClient: perClient === false ? undefined : perClient,
    }),
  })
  const error =
    trustedProxiesError(proxies.invalid) ??
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

function trustedProxiesError(invalid: readonly string[]): AuthError | undefined {
  if (invalid.length === 0) return undefined
  return new AuthError(
    `trustedProxies (or AUTH_TRUSTED_PROXIES) has entries that are neither an address, a CIDR range nor "loopback" / "private": ${invalid.map((entry) => JSON.stringify(entry)).join(", ")}.`,
  )
}
