/**
 * The `rateLimit` config option, and its defaults.
 */
import { AuthError } from "../../errors.js"
import type { Awaitable } from "../../types/common.js"
import type {
  CredentialsRateLimitOptions,
  LockoutRule,
  RateLimitOptions,
  RateLimitRule,
  RateLimitStore,
} from "../../types/rate-limit.js"
import { limitedClientOf } from "../http/client-address.js"
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

/** Default limit on failed credentials sign-ins from one client: 30 per 15 minutes. */
export const CREDENTIALS_PER_CLIENT_DEFAULT: Readonly<RateLimitRule> = Object.freeze({
  limit: 30,
  windowSeconds: 15 * 60,
})

/** Default limit on credentials attempts on one identifier since its last success: 10 per 15 minutes. */
export const CREDENTIALS_PER_IDENTIFIER_DEFAULT: Readonly<RateLimitRule> = Object.freeze({
  limit: 10,
  windowSeconds: 15 * 60,
})

/** Default lockout: after 5 failures, 30 s, doubling per failure up to an hour. */
export const LOCKOUT_DEFAULT: Readonly<LockoutRule> = Object.freeze({
  threshold: 5,
  baseSeconds: 30,
  maxSeconds: 60 * 60,
  windowSeconds: 24 * 60 * 60,
})

/** Default limit on OAuth and passkey sign-ins started by one client: 60 per 5 minutes. */
export const SIGN_IN_DEFAULT: Readonly<RateLimitRule> = Object.freeze({
  limit: 60,
  windowSeconds: 5 * 60,
})

/** Default limit on session updates by one client: 60 per minute. */
export const SESSION_UPDATE_DEFAULT: Readonly<RateLimitRule> = Object.freeze({
  limit: 60,
  windowSeconds: 60,
})

/** Default ceiling on POSTs to the auth routes by one client: 300 per minute. */
export const PER_CLIENT_DEFAULT: Readonly<RateLimitRule> = Object.freeze({
  limit: 300,
  windowSeconds: 60,
})

/** The `rateLimit` option with its defaults applied; `undefined` for a limit turned off. */
export interface ResolvedRateLimit {
  readonly store: RateLimitStore
  readonly clientKey: (request: Request) => Awaitable<string | null | undefined>
  readonly email: {
    readonly perAddress: Readonly<RateLimitRule> | undefined
    readonly perClient: Readonly<RateLimitRule> | undefined
  }
  readonly credentials: {
    readonly perClient: Readonly<RateLimitRule> | undefined
    readonly perIdentifier: Readonly<RateLimitRule> | undefined
    readonly lockout: Readonly<LockoutRule> | undefined
    readonly identifier: (
      credentials: Record<string, unknown>,
      declared?: readonly string[],
    ) => string | null | undefined
  }
  readonly signIn: Readonly<RateLimitRule> | undefined
  readonly sessionUpdate: Readonly<RateLimitRule> | undefined
  readonly perClient: Readonly<RateLimitRule> | undefined
  readonly onStoreFailure: "open" | "closed"
}

/** Fields of a credentials form that never name who signs in. */
const NOT_IDENTIFIERS: ReadonlySet<string> = new Set([
  "csrfToken",
  "callbackUrl",
  "redirect",
  "json",
])

/** Whether a field's name says it holds a secret (a password, a one-time code), not a name. */
const SECRET_FIELD = /pass|secret|otp|code|token/i

/**
 * The default identifier of a credentials attempt. When the provider declares its fields
 * (`credentials: { username: {…}, password: {…} }`), only those count, so that a field the
 * attacker adds cannot choose the key: `email`, else `username`, else the first declared field
 * that is not a secret. Without declared fields, the same from the submitted ones (less
 * strict: what `authorize` reads is unknown then). A value that is not a string (a JSON array)
 * counts as what `String()` makes of it, as an `authorize` that reads it would.
 *
 * @param declared the provider's declared field names, in order; empty when it declares none
 */
export function defaultIdentifier(
  credentials: Record<string, unknown>,
  declared: readonly string[] = [],
): string | undefined {
  const fields =
    declared.length > 0
      ? declared
      : Object.keys(credentials).filter((name) => !NOT_IDENTIFIERS.has(name))
  for (const name of ["email", "username", ...fields]) {
    if (!fields.includes(name) || SECRET_FIELD.test(name)) continue
    const value = identifierValue(credentials[name])
    if (value !== undefined) return value
  }
  return undefined
}

/**
 * A submitted value as an identifier: a string, or what `String()` makes of another value (an
 * object whose conversion throws, `{ "toString": 1 }`, is `"[object Object]"`).
 */
function identifierValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  let text: string
  try {
    text = typeof value === "string" ? value : String(value)
  } catch {
    text = "[object Object]"
  }
  return text.trim() === "" ? undefined : text
}

/**
 * Applies the defaults to the `rateLimit` option (`false` turns every limit off).
 *
 * @param clientAddress the config's client-address rule (`trustedProxies`): the default client key
 * @returns the resolved limits, and the first mistake found in the option, if any
 */
export function resolveRateLimit(
  options: RateLimitOptions | false | undefined,
  clientAddress: (request: Request) => string | undefined,
): {
  rateLimit: ResolvedRateLimit
  error: AuthError | undefined
} {
  const email = options === false || options?.email === false ? false : options?.email
  const perAddress = email === false ? false : (email?.perAddress ?? EMAIL_PER_ADDRESS_DEFAULT)
  const perClient = email === false ? false : (email?.perClient ?? EMAIL_PER_CLIENT_DEFAULT)
  const on = options === false ? undefined : options
  const rule = (given: RateLimitRule | false | undefined, fallback: Readonly<RateLimitRule>) =>
    options === false ? false : (given ?? fallback)
  const credentials: CredentialsRateLimitOptions | false =
    options === false || on?.credentials === false ? false : (on?.credentials ?? {})
  const credentialRule = (
    name: "perClient" | "perIdentifier",
    fallback: Readonly<RateLimitRule>,
  ): RateLimitRule | false => (credentials === false ? false : (credentials[name] ?? fallback))
  const credentialsPerClient = credentialRule("perClient", CREDENTIALS_PER_CLIENT_DEFAULT)
  const perIdentifier = credentialRule("perIdentifier", CREDENTIALS_PER_IDENTIFIER_DEFAULT)
  const lockout = credentials === false ? false : (credentials.lockout ?? LOCKOUT_DEFAULT)
  const signIn = rule(on?.signIn, SIGN_IN_DEFAULT)
  const sessionUpdate = rule(on?.sessionUpdate, SESSION_UPDATE_DEFAULT)
  const perClientCeiling = rule(on?.perClient, PER_CLIENT_DEFAULT)
  const rateLimit: ResolvedRateLimit = Object.freeze({
    store: (options || undefined)?.store ?? createMemoryStore(),
    clientKey:
      (options || undefined)?.clientKey ??
      ((request: Request) => limitedClientOf(clientAddress(request))),
    email: Object.freeze({
      perAddress: perAddress === false ? undefined : perAddress,
      perClient: perClient === false ? undefined : perClient,
    }),
    credentials: Object.freeze({
      perClient: credentialsPerClient || undefined,
      perIdentifier: perIdentifier || undefined,
      lockout: lockout || undefined,
      identifier: (credentials || undefined)?.identifier ?? defaultIdentifier,
    }),
    signIn: signIn || undefined,
    sessionUpdate: sessionUpdate || undefined,
    perClient: perClientCeiling || undefined,
    onStoreFailure: on?.onStoreFailure === "closed" ? "closed" : "open",
  })
  const error =
    ruleError("rateLimit.email.perAddress", perAddress) ??
    ruleError("rateLimit.email.perClient", perClient) ??
    ruleError("rateLimit.credentials.perClient", credentialsPerClient) ??
    ruleError("rateLimit.credentials.perIdentifier", perIdentifier) ??
    lockoutError(lockout) ??
    ruleError("rateLimit.signIn", signIn) ??
    ruleError("rateLimit.sessionUpdate", sessionUpdate) ??
    ruleError("rateLimit.perClient", perClientCeiling)
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

function lockoutError(rule: LockoutRule | false): AuthError | undefined {
  if (rule === false) return undefined
  const { threshold, baseSeconds, maxSeconds, windowSeconds } = rule
  const positive = (value: number) => Number.isFinite(value) && value > 0
  if (
    Number.isInteger(threshold) &&
    threshold > 0 &&
    positive(baseSeconds) &&
    positive(maxSeconds) &&
    positive(windowSeconds) &&
    maxSeconds >= baseSeconds
  ) {
    return undefined
  }
  return new AuthError(
    "rateLimit.credentials.lockout must be { threshold, baseSeconds, maxSeconds, windowSeconds } with a positive whole threshold, positive times and maxSeconds at least baseSeconds, or false to turn it off.",
  )
}
