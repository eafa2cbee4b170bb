/**
 * Types of session and account management: what `GET <basePath>/sessions` and
 * `GET <basePath>/accounts` list, and the store that keeps JWT sessions revocable.
 */

/** One of the signed-in user's sessions, as `GET <basePath>/sessions` lists it. */
export interface SessionInfo {
  /**
   * The session's id: the JWT's `sid` claim, or for a database session a hash of its token (the
   * token itself never leaves the cookie). What `POST <basePath>/sessions/revoke` takes.
   */
  id: string
  /** Whether it is the session of the request that lists it. */
  current: boolean
  /** When it started (ISO 8601), when known. */
  createdAt: string | null
  /** When it was last used (ISO 8601), recorded at most once per `session.updateAge`. */
  lastUsedAt: string | null
  /** The `User-Agent` of the browser that signed in, when known. */
  userAgent: string | null
  /** The client's address at sign-in (through `trustedProxies`), when known. */
  ip: string | null
}

/** One of the signed-in user's linked accounts, as `GET <basePath>/accounts` lists it. */
export interface AccountInfo {
  /** The provider's id (`github`, `passkey`, `email`, …). */
  provider: string
  /** The provider's type (`oauth`, `oidc`, `email`, `webauthn`). */
  type: string
  /** The user's id at the provider. */
  providerAccountId: string
}

/**
 * Where JWT sessions are made revocable: the deny-list of revoked session ids, the per-user
 * "signed out everywhere" stamp, and a small per-user index of sessions for listing. A JWT
 * session lives in its cookie only, so a revoked one is refused by looking its id up here on
 * every read: share one store (Redis, with `createRedisStore` from `@auth/core/redis`) between
 * every instance that serves the app, or a revocation is seen only by the instance that made it.
 *
 * Each call should be bounded in time (the Redis store gives up after `timeoutMs`) and throw
 * `DatabaseUnavailableError` when the store cannot be reached: the request is then answered
 * `503`, never let through.
 *
 * @default an in-memory store per config: right for one process
 */
export interface SessionStore {
  /** The values at `keys` (`null` where there is none), in one round trip. */
  get(keys: readonly string[]): Promise<(string | null)[]>
  /** Sets `key` to `value`, dropped after `ttlSeconds`. */
  set(key: string, value: string, ttlSeconds: number): Promise<void>
  /** Sets `field` of the map at `key` to `value`; the map is kept at least `ttlSeconds`. */
  setField(key: string, field: string, value: string, ttlSeconds: number): Promise<void>
  /** Every field of the map at `key` (`{}` when there is none). */
  getFields(key: string): Promise<Record<string, string>>
  /** Deletes `fields` of the map at `key`. */
  deleteFields(key: string, fields: readonly string[]): Promise<void>
  /**
   * Sets `key` to `value` unless the key holds one, dropped after `ttlMs` milliseconds (not
   * rounded to seconds); whether it was set. Atomic: of concurrent calls for one key, across
   * every instance sharing the store, one gets `true`. `getAccessToken` takes a short lock with
   * it, so that one instance refreshes a provider's access token while the others wait for its
   * result. Optional: without it, a refresh is shared within one process only.
   */
  setIfAbsent?(key: string, value: string, ttlMs: number): Promise<boolean>
  /**
   * Deletes `key` when it holds `value`, atomically: releases a lock taken with `setIfAbsent`
   * without deleting another caller's after the first expired. Optional, with `setIfAbsent`
   * (without it, a lock is held until its time to live ends).
   */
  deleteIfEquals?(key: string, value: string): Promise<void>
  /**
   * Resolves once the store answers (Redis's `PING`), rejects when it does not. Optional:
   * `GET <basePath>/health` calls it, bounded by a short timeout; a store without it (the
   * in-memory one) is not checked.
   */
  ping?(): Promise<void>
}
