import type { AdapterSession, AdapterUser } from "../../adapters.js"
import type { Cookie } from "../../types/cookies.js"
import type { AuthContext } from "../request/context.js"
import type { CacheMiss } from "./cache-refresh.js"
import {
  endDatabaseSession,
  establishDatabaseSession,
  findLiveSession,
  readDatabaseSession,
} from "./database-session.js"
import {
  decodeSessionToken,
  endJwtSession,
  establishJwtSession,
  type Reissue,
  readJwtSession,
  type SessionRead,
  type SignInOutcome,
} from "./jwt-session.js"
import { readSessionCookie } from "./session-cookie.js"

/*
 * The session strategies behind one interface: actions call these and never look at
 * `session.strategy` themselves.
 */

function usesDatabase(context: AuthContext): boolean {
  return context.config.session.strategy === "database"
}

/** Options of a session read. */
export interface ReadOptions {
  /** When a JWT session's cookie is re-issued (see {@link Reissue}). */
  readonly reissue?: Reissue
  /** Where a database session read goes when the session cache cookie cannot answer. */
  readonly cacheMiss?: CacheMiss
}

/**
 * Reads the request's session, or updates it (POST `/session`) with `update.data`. `reissue`
 * says when the session cookie is re-issued (the database strategy extends a session when
 * `updateAge` has passed, whatever it says, and then re-issues its cookie); `cacheMiss`, where a database session is read when
 * its cache cookie (`session.cookieCache`) is stale or missing.
 */
export function readSession(
  context: AuthContext,
  update?: { data: unknown },
  options: ReadOptions = {},
): Promise<SessionRead> {
  return usesDatabase(context)
    ? readDatabaseSession(context, update, options)
    : readJwtSession(context, update, options.reissue)
}

/**
 * Starts the session of a user who just signed in; returns the cookies to set. With the
 * database strategy, `outcome.user.id` must be the stored user's id.
 *
 * @throws {AdapterError} when the database strategy cannot store the session
 */
export function establishSession(context: AuthContext, outcome: SignInOutcome): Promise<Cookie[]> {
  return usesDatabase(context)
    ? establishDatabaseSession(context, outcome)
    : establishJwtSession(context, outcome)
}

/** Ends the request's session, emitting `signOut`; returns the cookies that clear it. */
export function endSession(context: AuthContext): Promise<Cookie[]> {
  return usesDatabase(context) ? endDatabaseSession(context) : endJwtSession(context)
}

/** The stored user a request is signed in as, with the stored session for the database strategy. */
export interface SignedInUser {
  user: AdapterUser
  session?: AdapterSession
}

/**
 * The stored user the request is already signed in as, for linking a new account to it: the
 * JWT's `sub` looked up with `getUser`, or the live database session's user. `null` without an
 * adapter, a session cookie, or a live session (a token that does not decode is ignored).
 *
 * @throws {AdapterError} when the adapter fails
 */
export async function readSignedInUser(context: AuthContext): Promise<SignedInUser | null> {
  const { adapter } = context.config
  if (!adapter) return null
  if (usesDatabase(context)) {
    const { value } = readSessionCookie(context)
    return value === undefined ? null : findLiveSession(context, value)
  }
  const token = await decodeSessionToken(context)
  if (!token?.sub || !adapter.getUser) return null
  const user = await adapter.getUser(token.sub)
  return user ? { user } : null
}

export type { CacheMiss, Reissue, SessionRead, SignInOutcome }
export { decodeSessionToken }
