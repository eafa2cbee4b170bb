/**
 * The session cache cookie of database sessions (`session.cookieCache`, an addition beyond
 * Auth.js): the stored session and user, as the `session` callback sees them, encrypted like a
 * session token (with the cache cookie's name as salt, so neither cookie decodes as the other),
 * bound to the session cookie's token, and used for `maxAge` seconds instead of the adapter.
 * The callback runs on every read, so every caller (GET `/session`, next-auth's `auth()` with its
 * server-side shape, an edge middleware) shapes the same cached data its own way.
 *
 * A read costs a decryption (held, as session tokens are: see `decrypted-tokens.ts`), a SHA-256
 * of the session token, and, when a session store is set, one store read for the deny-list that
 * revocations and sign-outs write to: the adapter is not called.
 */
import type { AdapterSession, AdapterUser } from "../../adapters.js"
import type { Cookie } from "../../types/cookies.js"
import { readChunkedCookie, writeChunkedCookie } from "../cookies/chunks.js"
import { timingSafeEqual } from "../crypto/timing-safe-equal.js"
import { decodeHeld } from "../jwt/decrypted-tokens.js"
import { encode } from "../jwt/token.js"
import type { AuthContext } from "../request/context.js"
import { databaseSessionId, denySessionIds, isSessionIdDenied } from "./revocation.js"
import { readSessionCacheCookie } from "./session-cookie.js"

/** A stored session and its user, as a database read found them (and the cache keeps them). */
export interface StoredSession {
  readonly session: AdapterSession
  readonly user: AdapterUser
}

/** The claims of a session cache cookie. */
interface CacheClaims {
  /** The session without its token, and the user, as JSON with dates tagged (see `toJson`). */
  data: string
  /** The session's id (`databaseSessionId` of its token): the cookie is good for it alone. */
  sid: string
  /** When this cookie stops being used (`iat` + `maxAge`), in seconds since the epoch. */
  exp: number
}

/**
 * Seconds a deny-list entry is kept beyond the cache's `maxAge`: the cookie's `exp` is checked
 * here without tolerance, but a clock a little behind another instance's must not let a copy
 * live on.
 */
const DENY_MARGIN_SECONDS = 60

/**
 * The cached session of the request's session token, or `undefined` when the cache is off, the
 * request has no cache cookie, or it is stale, tampered with, made for another session or
 * revoked: the caller reads the database then. A session store that cannot be reached sends the
 * read to the database too.
 */
export async function readCachedSession(
  context: AuthContext,
  sessionToken: string,
): Promise<StoredSession | undefined> {
  if (!context.config.session.cookieCache) return undefined
  const { value } = readSessionCacheCookie(context)
  return value === undefined ? undefined : openSessionCache(context, value, sessionToken)
}

/**
 * The cached session in the cache cookie among `cookies` (a `/session` answer's, see
 * `cache-refresh.ts`), checked as {@link readCachedSession} checks the request's.
 */
export async function cachedSessionIn(
  context: AuthContext,
  cookies: readonly Cookie[],
  sessionToken: string,
): Promise<StoredSession | undefined> {
  const values = Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie.value]))
  const { value } = readChunkedCookie(values, context.cookies.sessionCache.name)
  return value === undefined ? undefined : openSessionCache(context, value, sessionToken)
}

async function openSessionCache(
  context: AuthContext,
  value: string,
  sessionToken: string,
): Promise<StoredSession | undefined> {
  const claims = await decodeCache(context, value)
  if (!claims || claims.exp * 1000 <= Date.now()) return undefined
  const sid = await databaseSessionId(sessionToken)
  if (!timingSafeEqual(claims.sid, sid)) return undefined
  const cached = fromJson(claims.data)
  if (!cached || cached.session.expires.valueOf() <= Date.now()) return undefined
  if (context.config.session.store && (await isDeniedOrUnknown(context, sid))) return undefined
  return { session: { ...cached.session, sessionToken }, user: cached.user }
}

/** The claims of a cache cookie, or `null` when it does not decode (logged at `debug`). */
async function decodeCache(context: AuthContext, value: string): Promise<CacheClaims | null> {
  const { name } = context.cookies.sessionCache
  try {
    const claims = await decodeHeld<Partial<CacheClaims>>({
      token: value,
      secret: context.config.jwt.secret,
      salt: name,
    })
    return typeof claims?.data === "string" &&
      typeof claims.sid === "string" &&
      typeof claims.exp === "number"
      ? (claims as CacheClaims)
      : null
  } catch (error) {
    context.config.logger.debug("SESSION_CACHE_UNREADABLE", {
      reason: error instanceof Error ? error.name : typeof error,
    })
    return null
  }
}

/** Whether the session was revoked, counting a store that cannot say as "yes". */
async function isDeniedOrUnknown(context: AuthContext, sid: string): Promise<boolean> {
  const { store } = context.config.session
  try {
    return await isSessionIdDenied(store!, sid)
  } catch (error) {
    context.config.logger.debug("SESSION_CACHE_DENY_LIST_UNREAD", {
      reason: error instanceof Error ? error.message : String(error),
    })
    return true
  }
}

/**
 * The cookies that cache a session just read from the database, for `maxAge` seconds (less when
 * the stored session expires sooner); none when the cache is off.
 */
export async function writeSessionCache(
  context: AuthContext,
  stored: StoredSession,
): Promise<Cookie[]> {
  const { cookieCache } = context.config.session
  if (!cookieCache) return []
  const { sessionToken, ...session } = stored.session
  const secondsLeft = Math.floor((session.expires.valueOf() - Date.now()) / 1000)
  const maxAge = Math.min(cookieCache.maxAge, secondsLeft)
  if (maxAge <= 0) return []
  const { name, options } = context.cookies.sessionCache
  const claims = {
    data: toJson({ session, user: stored.user }),
    sid: await databaseSessionId(sessionToken),
  }
  const [secret] = context.config.jwt.secret
  const value = await encode({ token: claims, secret: secret!, salt: name, maxAge })
  const expires = new Date(Date.now() + maxAge * 1000)
  const previous = readSessionCacheCookie(context).names
  return writeChunkedCookie(name, value, { ...options, expires }, previous)
}

/** The tag of a `Date` in the cached JSON: `{ "$date": <milliseconds> }`. */
const DATE_TAG = "$date"

/**
 * JSON of the cached session and user, each `Date` (an expiry, `emailVerified`, any date column
 * an adapter returns) tagged, so that the callback gets `Date`s back as the adapter gave them.
 */
function toJson(value: unknown): string {
  return JSON.stringify(value, function tagDates(this: Record<string, unknown>, key, json) {
    const raw = this[key]
    return raw instanceof Date ? { [DATE_TAG]: raw.valueOf() } : json
  })
}

/** The cached session and user from {@link toJson}'s JSON, or `undefined` when malformed. */
function fromJson(
  data: string,
): { session: Omit<AdapterSession, "sessionToken">; user: AdapterUser } | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(data, (_, value: unknown) => {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return value
      const tagged = (value as Record<string, unknown>)[DATE_TAG]
      return typeof tagged === "number" && Object.keys(value).length === 1
        ? new Date(tagged)
        : value
    })
  } catch {
    return undefined
  }
  const { session, user } = (parsed ?? {}) as { session?: AdapterSession; user?: AdapterUser }
  if (!(session?.expires instanceof Date) || typeof user !== "object" || user === null) {
    return undefined
  }
  return { session, user }
}

/**
 * Notes in the session store that database sessions ended (signed out, revoked), so that a
 * copy of their cache cookie is refused on every instance sharing the store before it goes
 * stale. Nothing to do when the cache or the store is off.
 *
 * @throws {DatabaseUnavailableError} when the store cannot be written: the session has ended in
 *   the database, but other instances may take its cached copy for up to `maxAge`
 */
export async function forgetCachedSessions(
  context: AuthContext,
  sessionTokens: readonly string[],
): Promise<void> {
  const { cookieCache, store } = context.config.session
  if (!cookieCache || !store || sessionTokens.length === 0) return
  const ids = await Promise.all(sessionTokens.map(databaseSessionId))
  await denySessionIds(store, ids, cookieCache.maxAge + DENY_MARGIN_SECONDS)
}
