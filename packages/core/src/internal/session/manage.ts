/**
 * A signed-in user's sessions, listed and revoked, with either strategy: database sessions
 * through the adapter's `listSessions` and `deleteSessions`, JWT sessions through the session
 * store (see `revocation.ts`). Every revoked session gets the `signOut` event.
 */
import type { Adapter, AdapterSession } from "../../adapters.js"
import { MissingAdapterMethods } from "../../errors.js"
import type { Cookie } from "../../types/cookies.js"
import type { JWT } from "../../types/jwt.js"
import type { SessionInfo } from "../../types/sessions.js"
import { emitEvent } from "../config/resolve-config.js"
import type { AuthContext } from "../request/context.js"
import { forgetCachedSessions } from "./cookie-cache.js"
import { findLiveSession } from "./database-session.js"
import { decodeSessionToken, writeSessionToken } from "./jwt-session.js"
import {
  databaseSessionId,
  indexSession,
  type JwtRevocation,
  listJwtSessions,
  revokeJwtSessions,
} from "./revocation.js"
import { clearSessionCookies, readSessionCookie } from "./session-cookie.js"

/** The session a request is signed in with, as session management needs it. */
export type CurrentSession =
  | { readonly strategy: "database"; readonly session: AdapterSession }
  | { readonly strategy: "jwt"; readonly token: JWT }

/**
 * The request's live session, or `null` when it is signed out (no cookie, an expired, tampered
 * or revoked one). Nothing is extended or re-issued.
 *
 * @throws {DatabaseUnavailableError} when the adapter or the session store cannot be reached
 */
export async function readCurrentSession(context: AuthContext): Promise<CurrentSession | null> {
  if (context.config.session.strategy === "database") {
    const { value } = readSessionCookie(context)
    if (value === undefined) return null
    const found = await findLiveSession(context, value)
    return found ? { strategy: "database", session: found.session } : null
  }
  const token = await decodeSessionToken(context)
  return token ? { strategy: "jwt", token } : null
}

/** The signed-in user's live sessions, the request's own marked `current`, newest use first. */
export async function listUserSessions(
  context: AuthContext,
  current: CurrentSession,
): Promise<SessionInfo[]> {
  if (current.strategy === "jwt") return listJwtSessions(context, current.token)
  const adapter = sessionsAdapterOf(context)
  const stored = await adapter.listSessions(current.session.userId)
  const now = Date.now()
  const live = stored.filter((session) => session.expires.valueOf() > now)
  const infos = await Promise.all(
    live.map((session) => databaseSessionInfo(session, current.session.sessionToken)),
  )
  return infos.sort(
    (a, b) => (b.lastUsedAt ?? "").localeCompare(a.lastUsedAt ?? "") || Number(b.current),
  )
}

/** What to revoke of the signed-in user's sessions: one by id, every other one, or all. */
export type Revocation = JwtRevocation

/** What a revocation did: how many sessions it ended, and the cookies of the current one. */
export interface RevocationOutcome {
  /**
   * Sessions revoked. A revocation by id counts one whether or not the id was one of the
   * user's, so that the answer says nothing about other users' sessions.
   */
  readonly revoked: number
  /** The current session's cookie: cleared when it was revoked, re-issued when it got an id. */
  readonly cookies: Cookie[]
}

/**
 * Revokes sessions of the signed-in user. A session of another user, or an id that is no
 * session, is left alone, and answered as if it had been revoked.
 *
 * @throws {MissingAdapterMethods} for database sessions on an adapter without `listSessions`
 *   and `deleteSessions`
 */
export async function revokeUserSessions(
  context: AuthContext,
  current: CurrentSession,
  revocation: Revocation,
): Promise<RevocationOutcome> {
  const outcome =
    current.strategy === "jwt"
      ? await revokeJwt(context, current.token, revocation)
      : await revokeDatabase(context, current.session, revocation)
  return "sessionId" in revocation ? { ...outcome, revoked: 1 } : outcome
}

async function revokeJwt(
  context: AuthContext,
  token: JWT,
  revocation: Revocation,
): Promise<RevocationOutcome> {
  const { others, current, reissue } = await revokeJwtSessions(context, token, revocation)
  for (const sid of others) {
    await emitEvent(context.config, "signOut", { token: { sub: token.sub, sid } })
  }
  if (current) await emitEvent(context.config, "signOut", { token })
  let cookies: Cookie[] = current ? clearSessionCookies(context) : []
  if (reissue) {
    const expires = new Date(Date.now() + context.config.session.maxAge * 1000)
    cookies = await writeSessionToken(context, reissue, expires)
    await indexSession(context, reissue)
  }
  return { revoked: others.length + Number(current), cookies }
}

async function revokeDatabase(
  context: AuthContext,
  session: AdapterSession,
  revocation: Revocation,
): Promise<RevocationOutcome> {
  const adapter = sessionsAdapterOf(context)
  const { sessionToken, userId } = session
  let deleted: AdapterSession[]
  if ("sessionId" in revocation) {
    const target = await findById(adapter, userId, revocation.sessionId)
    const removed = target ? await adapter.deleteSession(target.sessionToken) : null
    deleted = target ? [(removed as AdapterSession | null | undefined) ?? target] : []
  } else {
    const except = revocation.scope === "others" ? sessionToken : undefined
    deleted = await adapter.deleteSessions(userId, except === undefined ? {} : { except })
    if (except === undefined && !deleted.some((row) => row.sessionToken === sessionToken)) {
      // Listed by an adapter that left the current session out: it ends all the same.
      await adapter.deleteSession(sessionToken)
      deleted.push(session)
    }
  }
  for (const row of deleted) await emitEvent(context.config, "signOut", { session: row })
  await forgetCachedSessions(
    context,
    deleted.map((row) => row.sessionToken),
  )
  const endsCurrent = deleted.some((row) => row.sessionToken === sessionToken)
  return { revoked: deleted.length, cookies: endsCurrent ? clearSessionCookies(context) : [] }
}

/** The user's stored session with a listed id, or `undefined`. */
async function findById(
  adapter: SessionsAdapter,
  userId: string,
  id: string,
): Promise<AdapterSession | undefined> {
  for (const session of await adapter.listSessions(userId)) {
    if ((await databaseSessionId(session.sessionToken)) === id) return session
  }
  return undefined
}

async function databaseSessionInfo(
  session: AdapterSession,
  currentToken: string,
): Promise<SessionInfo> {
  return {
    id: await databaseSessionId(session.sessionToken),
    current: session.sessionToken === currentToken,
    createdAt: isoOf(session.createdAt),
    lastUsedAt: isoOf(session.lastUsedAt),
    userAgent: session.userAgent ?? null,
    ip: session.ip ?? null,
  }
}

function isoOf(value: Date | null | undefined): string | null {
  return value instanceof Date && !Number.isNaN(value.valueOf()) ? value.toISOString() : null
}

type SessionsAdapter = Required<
  Pick<Adapter, "listSessions" | "deleteSessions" | "deleteSession">
> &
  Adapter

/**
 * The adapter, with the methods database session management needs.
 *
 * @throws {MissingAdapterMethods} when it lacks `listSessions` or `deleteSessions` (Auth.js's
 *   adapters)
 */
function sessionsAdapterOf(context: AuthContext): SessionsAdapter {
  const { adapter } = context.config
  if (!adapter?.listSessions || !adapter.deleteSessions || !adapter.deleteSession) {
    throw new MissingAdapterMethods(
      "Session management with database sessions needs an adapter with listSessions and deleteSessions (the memory adapter and @auth/pg-adapter have them).",
    )
  }
  return adapter as SessionsAdapter
}
