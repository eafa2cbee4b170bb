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

/** The session strategies. */
export type SessionStrategy = "jwt" | "database"

/** Session options. */
export interface SessionOptions {
  /**
   * `jwt` keeps the session in an encrypted cookie; `database` keeps only a token in the cookie.
   * @default "jwt", or "database" when an adapter is set
   */
  strategy: SessionStrategy
  /** Seconds until an idle session expires. @default 2592000 (30 days) */
  maxAge: number
  /** Seconds between writes that extend a session; 0 writes on every access. @default 86400 */
  updateAge: number
  /** Generates database session tokens. @default crypto.randomUUID */
  generateSessionToken: () => string
  /**
   * Where JWT sessions' revocations and per-user session index live (an addition beyond
   * Auth.js): share one (`createRedisStore` from `@auth/core/redis`) between every instance.
   * Database sessions, whose adapter is the store, use it only for `getAccessToken`: its refresh
   * lock, and the note of a failed refresh that marks the session. `false`: JWT sessions are not
   * revocable (as in Auth.js): no store is asked on a read, `GET /sessions` lists only the
   * current one, and `POST /sessions/revoke` answers `501 RevocationUnavailable`.
   *
   * @default an in-memory store, for one process
   */
  store?: SessionStore | false
  /**
   * JWT sessions: keep each OAuth / OIDC provider's tokens in the session token from the sign-in
   * on (`access_token`, `expires_at`, `refresh_token`, `scope`, `token_type`, with `provider`
   * and `providerAccountId`, under the token's `providerTokens` claim), so that `getAccessToken`
   * of `@auth/core/server` can hand out, refresh and re-seal them. An addition beyond Auth.js.
   * The tokens make the cookie larger (often by 1 to 4 kB per provider; above 4 kB it is split
   * into chunks, and every request carries them), and the `jwt` callback sees them. Database
   * sessions ignore it: their tokens are in the account rows.
   *
   * @default false
   */
  storeTokens?: boolean
  /**
   * Database sessions: keep the session, as the `session` callback returned it, in a short-lived
   * encrypted cookie (`authjs.session-cache`) beside the session cookie, so that most reads need
   * no adapter call, and middleware (Next.js `middleware.ts` / `proxy.ts`, SvelteKit hooks, Astro
   * middleware) can check a session without the database while the cookie is fresh. An addition
   * beyond Auth.js; JWT sessions ignore it.
   *
   * The cookie is re-issued from the database when it is older than `maxAge` seconds, on
   * `update()`, and at sign-in; sign-out and a revocation on the request's own instance clear it
   * at once. A session revoked elsewhere is refused at once when the instances share a
   * `session.store` (it notes the revocation, as for JWT sessions); with `store: false` it is
   * refused within `maxAge`. A user's changed name or e-mail shows within `maxAge` too.
   *
   * @default false
   * @example
   * session: { strategy: "database", cookieCache: { maxAge: 300 } }
   */
  cookieCache?: SessionCookieCacheOptions | false
}

/** Options of the session cache cookie of database sessions (`session.cookieCache`). */
export interface SessionCookieCacheOptions {
  /** Seconds a cached session is used before it is read from the database again. @default 300 */
  maxAge?: number
}
