/**
 * The `database` session strategy: the cookie holds only a session token, and the session and
 * its user live in the adapter.
 *
 * @see https://authjs.dev/concepts/session-strategies#database-session
 */
import type { Adapter, AdapterSession, AdapterUser } from "../../adapters.js"
import { SessionTokenError, SignOutError } from "../../errors.js"
import type { Cookie } from "../../types/cookies.js"
import type { Session, SessionCallbackParams } from "../../types.js"
import { emitEvent } from "../config/resolve-config.js"
import { isDatabaseUnavailable } from "../database-unavailable.js"
import type { AuthContext } from "../request/context.js"
import { type CacheMiss, readSessionOverHttp } from "./cache-refresh.js"
import { sessionArgument, withoutSessionToken } from "./client-session.js"
import {
  cachedSessionIn,
  forgetCachedSessions,
  readCachedSession,
  type StoredSession,
  writeSessionCache,
} from "./cookie-cache.js"
import type { Reissue, SessionRead, SignInOutcome } from "./jwt-session.js"
import { hasNotedRefreshError, markSession } from "./provider-tokens.js"
import { userAgentOf } from "./revocation.js"
import {
  clearSessionCache,
  clearSessionCookies,
  readSessionCookie,
  writeSessionCookie,
} from "./session-cookie.js"

/** The session token in the request's session cookie, if any. */
function sessionTokenOf(context: AuthContext): string | undefined {
  return readSessionCookie(context).value
}

/** The session cookie holding `sessionToken`, expiring with the stored session. */
function writeStoredSessionCookie(context: AuthContext, session: AdapterSession): Cookie[] {
  return writeSessionCookie(context, session.sessionToken, session.expires)
}

/**
 * The adapter of a database-strategy config. Config resolution has checked that it exists and
 * has every method the strategy calls.
 */
function adapterOf(context: AuthContext): Required<Adapter> {
  return context.config.adapter as Required<Adapter>
}

/**
 * Whether a session read at `now` is due for a write that extends it: when more than `updateAge`
 * seconds passed since it was last extended to `maxAge` (with `updateAge` 0, on every read).
 */
function isDueForUpdate(
  expires: Date,
  now: number,
  options: { maxAge: number; updateAge: number },
): boolean {
  return expires.valueOf() - options.maxAge * 1000 + options.updateAge * 1000 <= now
}

/**
 * Reads (GET) or updates (POST, with `update`) a database session: looks the token up, deletes
 * it when expired, extends it when `updateAge` has passed, and runs the `session` callback with
 * the stored user. The returned `expires` is the stored one, after any extension. With
 * `session.cookieCache`, a read answers from a fresh cache cookie without the adapter (the
 * callback runs on the cached session and user), and a read from the database (re-)issues it. With `cacheMiss: "fetch"`
 * (where the adapter cannot run), a read the cache cannot answer is the app's own GET
 * `<basePath>/session`'s.
 *
 * Any failure (the adapter, the `session` callback) is logged as `SessionTokenError` and yields
 * `null` without touching the cookie: a database outage must not sign everyone out.
 *
 * @throws {Error} the adapter's error when the database is unreachable (see
 *   `isDatabaseUnavailable`): the caller answers `503`, since "no session" would send a signed-in
 *   user to a sign-in page that cannot work either.
 */
export async function readDatabaseSession(
  context: AuthContext,
  update?: { data: unknown },
  { cacheMiss = "database", reissue = "always" }: { cacheMiss?: CacheMiss; reissue?: Reissue } = {},
): Promise<SessionRead> {
  const sessionToken = sessionTokenOf(context)
  if (sessionToken === undefined) return { session: null, cookies: [] }
  try {
    // `session.cookieCache`: a fresh cached copy answers without the adapter (not an update),
    // and the session cookie, whose expiry only a database read extends, is left as it is.
    const cached = update ? undefined : await readCachedSession(context, sessionToken)
    if (cached) return await answerRead(context, cached, [])
    if (cacheMiss === "fetch" && !update) return await readThroughApp(context, sessionToken)
    const found = await findLiveSession(context, sessionToken)
    if (!found) return { session: null, cookies: clearSessionCookies(context) }
    const stored = { ...found, session: await extendIfDue(context, found.session) }
    // GET `/session` re-sets the cookie on every read, as Auth.js; a middleware ("stale") only
    // when the session was extended.
    const extended = stored.session !== found.session
    const cookies = [
      ...(reissue === "always" || extended
        ? writeStoredSessionCookie(context, stored.session)
        : []),
      ...(await writeSessionCache(context, stored)),
    ]
    return await answerRead(context, stored, cookies, update)
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error
    context.config.logger.error(
      new SessionTokenError(error instanceof Error ? error : new Error(String(error))),
    )
    return { session: null, cookies: [] }
  }
}

/**
 * The answer to a session read of a stored session and user: the `session` callback's result,
 * marked when a refresh of one of the user's provider tokens (`getAccessToken`) failed, after
 * the `session` event.
 */
async function answerRead(
  context: AuthContext,
  stored: StoredSession,
  cookies: Cookie[],
  update?: { data: unknown },
): Promise<SessionRead> {
  const shaped = await runSessionCallback(context, stored, update)
  const session = markSession(shaped, await hasNotedRefreshError(context, stored.user.id))
  await emitEvent(context.config, "session", { session })
  return { session, cookies }
}

/**
 * A read where the adapter cannot run (`cacheMiss: "fetch"`): the app's own GET
 * `<basePath>/session` answers, and the cache cookie it issues, when it is this session's, is
 * shaped by this config's callback, as a cached read here would be. Without one (an app that
 * does not cache), its answer is taken as it is.
 */
async function readThroughApp(context: AuthContext, sessionToken: string): Promise<SessionRead> {
  const answer = await readSessionOverHttp(context)
  const cached = await cachedSessionIn(context, answer.cookies, sessionToken)
  return cached ? answerRead(context, cached, answer.cookies) : answer
}

/**
 * The stored session and user of a token, or `null` when there is none or it has expired (an
 * expired session is deleted).
 *
 * @throws {AdapterError} when the adapter fails
 */
export async function findLiveSession(
  context: AuthContext,
  sessionToken: string,
): Promise<{ session: AdapterSession; user: AdapterUser } | null> {
  const adapter = adapterOf(context)
  const found = await adapter.getSessionAndUser(sessionToken)
  if (!found) return null
  if (found.session.expires.valueOf() < Date.now()) {
    await adapter.deleteSession(sessionToken)
    return null
  }
  return found
}

/** Extends the session to `now + maxAge` when due; returns the session as stored afterwards. */
async function extendIfDue(context: AuthContext, session: AdapterSession): Promise<AdapterSession> {
  const { maxAge, updateAge } = context.config.session
  const now = Date.now()
  if (!isDueForUpdate(session.expires, now, { maxAge, updateAge })) return session
  const expires = new Date(now + maxAge * 1000)
  const adapter = adapterOf(context)
  // Only adapters that list sessions know `lastUsedAt` (Auth.js's may reject unknown fields).
  const lastUsedAt = keepsSessionDetails(context) ? { lastUsedAt: new Date(now) } : {}
  const updated = await adapter.updateSession({
    sessionToken: session.sessionToken,
    expires,
    ...lastUsedAt,
  })
  // Auth.js adapters may return nothing from `updateSession`; then what was written is stored.
  return { ...session, ...lastUsedAt, expires: updated?.expires ?? expires }
}

/**
 * Runs the `session` callback with the stored session and user, as Auth.js does, and returns
 * what it gave without the session token (see `withoutSessionToken`): the cookie is `HttpOnly`,
 * and its value must reach no script, whatever the callback returns.
 */
async function runSessionCallback(
  context: AuthContext,
  { session, user }: { session: AdapterSession; user: AdapterUser },
  update: { data: unknown } | undefined,
): Promise<Session> {
  const params = {
    session: sessionArgument(session, user),
    user,
    newSession: update?.data,
    ...(update ? { trigger: "update" as const } : {}),
  }
  const result = await context.config.callbacks.session(params as SessionCallbackParams)
  return withoutSessionToken(result as Session, session.sessionToken)
}

/**
 * Starts a database session after a sign-in and returns its cookie. A stored session the user
 * is already signed in with (`outcome.session`) is kept; otherwise a new one is created with
 * `generateSessionToken()` and the session the request's cookie pointed at, if any, is deleted
 * (the cookie is overwritten, so that row could never be used again).
 *
 * @throws {AdapterError} when the session cannot be created
 */
export async function establishDatabaseSession(
  context: AuthContext,
  outcome: SignInOutcome,
): Promise<Cookie[]> {
  if (outcome.session) return writeStoredSessionCookie(context, outcome.session)
  const userId = outcome.user.id
  if (userId === undefined) {
    throw new TypeError("A database session needs the stored user's id; the sign-in gave none.")
  }
  const adapter = adapterOf(context)
  const { maxAge, generateSessionToken } = context.config.session
  await deleteReplacedSession(context)
  const sessionToken = generateSessionToken()
  const expires = new Date(Date.now() + maxAge * 1000)
  const created = await adapter.createSession({
    sessionToken,
    userId,
    expires,
    ...sessionDetailsOf(context),
  })
  const cookies = writeStoredSessionCookie(context, {
    sessionToken: created?.sessionToken ?? sessionToken,
    userId,
    expires: created?.expires ?? expires,
  })
  // A cache cookie of the replaced session would no longer match; it goes with it.
  return [...cookies, ...clearSessionCache(context)]
}

/**
 * Whether the adapter keeps a session's details (`createdAt`, `lastUsedAt`, `userAgent`, `ip`):
 * those with `listSessions`, an addition beyond Auth.js. Others are given Auth.js's fields only.
 */
function keepsSessionDetails(context: AuthContext): boolean {
  return typeof context.config.adapter?.listSessions === "function"
}

/** The details of a new session, for an adapter that keeps them; else none. */
function sessionDetailsOf(context: AuthContext): Partial<AdapterSession> {
  if (!keepsSessionDetails(context)) return {}
  const now = new Date()
  return {
    createdAt: now,
    lastUsedAt: now,
    userAgent: userAgentOf(context),
    ip: context.config.clientAddress(context.request.original) ?? null,
  }
}

/** Deletes the session the request's cookie points at; a failure only leaves a stale row. */
async function deleteReplacedSession(context: AuthContext): Promise<void> {
  const previous = sessionTokenOf(context)
  if (previous === undefined) return
  try {
    await adapterOf(context).deleteSession(previous)
    await forgetCachedSessions(context, [previous])
  } catch {
    // Already logged as AdapterError by the adapter wrapper; the row expires on its own.
  }
}

/**
 * Ends a database session: deletes it, emits `signOut` with the deleted session and clears the
 * cookie. When the adapter reports that no session had that token (`null`), no event is emitted
 * (Auth.js emits `{ session: null }`): audit handlers see only real sessions. When the adapter
 * fails, the failure is logged as `SignOutError` and the cookie is still cleared, so the
 * browser is signed out either way.
 */
export async function endDatabaseSession(context: AuthContext): Promise<Cookie[]> {
  const sessionToken = sessionTokenOf(context)
  if (sessionToken === undefined) return []
  try {
    const session = (await adapterOf(context).deleteSession(sessionToken)) as AdapterSession | null
    // Adapters that return nothing (`undefined`) cannot say: the event is emitted, as in Auth.js.
    if (session !== null) await emitEvent(context.config, "signOut", { session })
    await forgetCachedSessions(context, [sessionToken])
  } catch (error) {
    context.config.logger.error(
      new SignOutError(error instanceof Error ? error : new Error(String(error))),
    )
  }
  return clearSessionCookies(context)
}
