import type { Awaitable } from "./common.js"

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
   * @default core's client address: the socket peer the integration passes in, or behind a
   *   proxy of `trustedProxies` the nearest `X-Forwarded-For` entry that is not one (without a
   *   peer, the last entry); an IPv6 address counts by its /64 network
   */
  clientKey?: (request: Request) => Awaitable<string | null | undefined>
  /** Limits on sign-in e-mails; `false` turns them off. @default the defaults above */
  email?: EmailRateLimitOptions | false
  /**
   * Limits on credentials sign-ins (POST `/callback/<credentials provider>`), and the lockout of
   * an identifier after failed attempts; `false` turns them off.
   */
  credentials?: CredentialsRateLimitOptions | false
  /**
   * Sign-ins started by one client (see `clientKey`) on the other paths: OAuth and OIDC sign-in
   * starts (POST `/signin/<provider>`) and passkey sign-ins (POST `/callback/<webauthn
   * provider>`). `false` turns it off.
   *
   * @default { limit: 60, windowSeconds: 300 }
   */
  signIn?: RateLimitRule | false
  /**
   * Session updates (POST `/session`) by one client. `false` turns it off.
   *
   * @default { limit: 60, windowSeconds: 60 }
   */
  sessionUpdate?: RateLimitRule | false
  /**
   * A ceiling on every POST to the auth routes by one client, whatever the action. Session reads
   * (GET) are never limited. `false` turns it off.
   *
   * @default { limit: 300, windowSeconds: 60 }
   */
  perClient?: RateLimitRule | false
  /**
   * What happens while the store cannot be reached: `"open"` lets requests through (logged once
   * per outage): a limit protects the service and must not take sign-in down with it;
   * `"closed"` answers `503` with `Retry-After`.
   *
   * @default "open"
   */
  onStoreFailure?: "open" | "closed"
}

/**
 * Limits on credentials sign-ins. An identifier is what the user typed to say who they are
 * (`identifier`), normalised (Unicode NFKC, without invisible format characters such as a
 * zero-width space, trimmed, lower-cased): one attacker on many identifiers is held by
 * `perClient`, many attackers on one identifier by `perIdentifier` and `lockout`. An identifier
 * no user has is limited the same way, so a limit says nothing about whether an account exists.
 */
export interface CredentialsRateLimitOptions {
  /**
   * Failed attempts from one client, whatever the identifier. `false` turns it off. Counted
   * after `authorize` fails, so attempts a client has in flight at once are checked against the
   * failures before them (the ceiling on every POST, `rateLimit.perClient`, still holds them).
   *
   * @default { limit: 30, windowSeconds: 900 }
   */
  perClient?: RateLimitRule | false
  /**
   * Attempts on one identifier since its last successful sign-in, counted before `authorize`
   * runs, so that concurrent guesses cannot pass together. `false` turns it off.
   *
   * @default { limit: 10, windowSeconds: 900 }
   */
  perIdentifier?: RateLimitRule | false
  /**
   * After `threshold` failed attempts in a row on an identifier, further attempts are refused
   * for `baseSeconds`, doubling with each further failure up to `maxSeconds`. A successful
   * sign-in starts the count over; so does the end of `perIdentifier`'s window (of
   * `windowSeconds` when `perIdentifier` is off). `false` turns it off.
   *
   * @default { threshold: 5, baseSeconds: 30, maxSeconds: 3600, windowSeconds: 86400 }
   */
  lockout?: LockoutRule | false
  /**
   * The identifier of an attempt, from the submitted credentials.
   *
   * @default among the fields the provider declares (`credentials: { … }`), or the submitted
   *   ones when it declares none: `email`, else `username`, else the first other field that is
   *   not a secret (a password, a code, a token), the CSRF token or the callback URL; a value
   *   that is not a string counts as `String(value)`
   */
  identifier?: (credentials: Record<string, unknown>) => string | null | undefined
}

/** A lockout with exponential backoff (see {@link CredentialsRateLimitOptions.lockout}). */
export interface LockoutRule {
  /** Failed attempts before the first lockout. A positive integer. */
  threshold: number
  /** The first lockout, in seconds; each further failure doubles it. */
  baseSeconds: number
  /** The longest lockout, in seconds. */
  maxSeconds: number
  /** How long failures are remembered when `perIdentifier` is off, in seconds. */
  windowSeconds: number
}

/** The hits counted for a key in its current window. */
export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  count: number
  /** When the window ends, in milliseconds since the epoch. */
  resetAt: number
}

/**
 * One step of {@link RateLimitStore.run}: count a hit on `key` (`"hit"`), or look at its count
 * without counting (`"peek"`). With a `limit`, a step that finds the key over it ends the run:
 * a hit counted beyond `limit`, or a peek at a count of `limit` or more.
 */
export type RateLimitStep =
  | {
      readonly type: "hit"
      readonly key: string
      readonly windowSeconds: number
      readonly limit?: number
    }
  | { readonly type: "peek"; readonly key: string; readonly limit?: number }

/**
 * Where rate-limit counters live. One method, so that any store with an atomic increment and
 * an expiry can implement it.
 *
 * @example
 * // Redis (ioredis): one round trip, atomic across processes.
 * const store: RateLimitStore = {
 *   async hit(key, windowSeconds) {
 *     const [[, count], , [, ttl]] = (await redis
 *       .multi()
 *       .incr(`auth:${key}`)
 *       .expire(`auth:${key}`, windowSeconds, "NX")
 *       .pttl(`auth:${key}`)
 *       .exec()) as [[null, number], unknown, [null, number]]
 *     return { count, resetAt: Date.now() + ttl }
 *   },
 * }
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key`. The window starts with the key's first hit and lasts
   * `windowSeconds`; after it, counting starts again from one.
   */
  hit(key: string, windowSeconds: number): Promise<RateLimitCount>
  /**
   * The count of `key`'s current window without counting a hit, or `null` when it has none. A
   * store without it cannot hold credentials lockouts (they are then not applied).
   */
  peek?(key: string): Promise<RateLimitCount | null>
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset?(key: string): Promise<void>
  /**
   * Resolves once the store answers (Redis's `PING`), rejects when it does not. Optional:
   * `GET <basePath>/health` calls it when `onStoreFailure` is `"closed"` (an outage then means
   * `503`s), bounded by a short timeout; a store without it is not checked.
   */
  ping?(): Promise<void>
  /**
   * Runs `steps` in order, in one round trip (and atomically, where the store can), and gives
   * each one's count: `null` for a peek at a key with none. Ends after the first step over its
   * `limit`, so the result can be shorter than `steps`. A store without it gets the steps one
   * call at a time (a credentials sign-in then costs three calls instead of one).
   */
  run?(steps: readonly RateLimitStep[]): Promise<Array<RateLimitCount | null>>
}
