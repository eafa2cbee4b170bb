/**
 * The rate limits of a resolved config, resolved the first time a route needs them. Session
 * reads (`getSession`, edge middleware) never do, so their bundles leave the rules, their
 * defaults and their checks out.
 */
import type { AuthError } from "../../errors.js"
import { type ResolvedRateLimit, resolveRateLimit } from "../rate-limit/options.js"
import type { ResolvedConfig } from "./resolve-config.js"

const resolved = new WeakMap<
  ResolvedConfig,
  { rateLimit: ResolvedRateLimit; error: AuthError | undefined }
>()

function limitsOf(config: ResolvedConfig) {
  let limits = resolved.get(config)
  if (!limits) {
    limits = resolveRateLimit(config.rateLimitOptions, config.clientAddress)
    resolved.set(config, limits)
  }
  return limits
}

/** The config's `rateLimit` option with its defaults applied (one memory store per config). */
export function rateLimitOf(config: ResolvedConfig): ResolvedRateLimit {
  return limitsOf(config).rateLimit
}

/**
 * The first mistake that stops the routes: the config's own (`config.error`), else one in its
 * `rateLimit` option, or `undefined`.
 */
export function serviceErrorOf(config: ResolvedConfig): AuthError | undefined {
  return config.error ?? limitsOf(config).error
}
