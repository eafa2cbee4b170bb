/**
 * Revocable JWT sessions. A JWT session lives only in its cookie, so it is revoked by a note in
 * the session store (`session.store`) that every read looks up: a deny-list entry per revoked
 * session id (the token's `sid` claim), and a per-user "signed out before" stamp for signing out
 * everywhere, which also covers tokens issued before they carried a `sid`. A small per-user index
 * of sessions (started, last used, device) makes them listable.
 *
 * One store read per session read (both keys in one `get`); writes only at sign-in, at most once
 * per `session.updateAge` on a read, and on revocation.
 */
import { sha256Base64url } from "#crypto"
import type { JWT } from "../../types/jwt.js"
import type { SessionInfo, SessionStore } from "../../types/sessions.js"
import type { AuthContext } from "../request/context.js"
import { REVOKED, SIGNED_OUT } from "../session-store/deny-list-keys.js"

const INDEX = "sessions:"

/** Longest `User-Agent` kept for a session: enough to name a browser, bounded for the store. */
export const MAX_USER_AGENT_LENGTH = 512

/**
 * A new session id for the `sid` claim: when it started (milliseconds, base 36) and a random
 * UUID. The start tells sessions begun after a "signed out everywhere" stamp from those before,
 * also within the same second (`iat` counts seconds).
 */
export function newSessionId(): string {
  return `${Date.now().toString(36)}-${crypto.randomUUID()}`
}

/**
 * The id a database session is listed and revoked by: a SHA-256 hash of its token, so that the
 * token (which is the session) never reaches a page, a log or the session store.
 */
export function databaseSessionId(sessionToken: string): Promise<string> {
  return sha256Base64url(sessionToken)
}

/** When the session of an id made by {@link newSessionId} started, or `undefined`. */
function startOf(sid: string): number | undefined {
  const dash = sid.indexOf("-")
  const start = dash > 0 ? Number.parseInt(sid.slice(0, dash), 36) : Number.NaN
  return Number.isFinite(start) ? start : undefined
}

/** What the "signed out before" stamp of a user says. */
interface SignedOutStamp {
  /** Sessions started by this time (milliseconds since the epoch) are refused… */
  at: number
  /** …but the session with this id, the one that signed out everywhere else. */
  keep?: string
}

/** What the per-user index keeps of one session. */
interface IndexEntry {
  createdAt: string
  lastUsedAt: string
  userAgent: string | null
  ip: string | null
  /** When the session expires at the latest, in milliseconds since the epoch. */
  expiresAt: number
}

/** The `sid` claim of a token, when it is a non-empty string. */
export function sessionIdOf(token: JWT): string | undefined {
  return typeof token.sid === "string" && token.sid !== "" ? token.sid : undefined
}

/** The `sub` claim of a token, when it is a non-empty string. */
function subjectOf(token: JWT): string | undefined {
  return typeof token.sub === "string" && token.sub !== "" ? token.sub : undefined
}

/**
 * Whether a decoded token was revoked: its session id is on the deny-list, or it was issued
 * before its user signed out everywhere. A token with neither `sid` nor `sub` cannot have been
 * revoked, and costs no store call.
 *
 * @throws {DatabaseUnavailableError} when the store cannot be reached (the read answers 503)
 */
export async function isRevoked(context: AuthContext, token: JWT): Promise<boolean> {
  const { store } = context.config.session
  const sid = sessionIdOf(token)
  const sub = subjectOf(token)
  if (!store || (sid === undefined && sub === undefined)) return false
  const [denied, stamp] = await store.get([
    sid === undefined ? `${REVOKED}-` : `${REVOKED}${sid}`,
    sub === undefined ? `${SIGNED_OUT}-` : `${SIGNED_OUT}${sub}`,
  ])
  if (sid !== undefined && denied != null) return true
  return stamp != null && sub !== undefined && isBeforeStamp(token, sid, stamp)
}

function isBeforeStamp(token: JWT, sid: string | undefined, value: string): boolean {
  const stamp = parseJson<SignedOutStamp>(value)
  if (!stamp || typeof stamp.at !== "number") return false
  if (sid !== undefined && stamp.keep === sid) return false
  const start = sid === undefined ? undefined : startOf(sid)
  // A token without a start of its own (issued before `sid`) is judged by its last issue.
  if (start !== undefined) return start <= stamp.at
  return typeof token.iat !== "number" || token.iat * 1000 <= stamp.at
}

/**
 * Records a session in its user's index at sign-in, or its last use (`touch`) when its cookie
 * is re-issued after `updateAge`. Tokens without `sid` or `sub` are not listed.
 */
export async function indexSession(
  context: AuthContext,
  token: JWT,
  options: { touch?: boolean } = {},
): Promise<void> {
  const sid = sessionIdOf(token)
  const sub = subjectOf(token)
  const { store, maxAge } = context.config.session
  if (!store || sid === undefined || sub === undefined) return
  const now = new Date()
  let entry: IndexEntry = {
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
    userAgent: userAgentOf(context),
    ip: context.config.clientAddress(context.request.original) ?? null,
    expiresAt: now.valueOf() + maxAge * 1000,
  }
  if (options.touch) {
    const known = parseJson<IndexEntry>((await store.getFields(`${INDEX}${sub}`))[sid])
    if (known) entry = { ...known, lastUsedAt: entry.lastUsedAt, expiresAt: entry.expiresAt }
  }
  await store.setField(`${INDEX}${sub}`, sid, JSON.stringify(entry), maxAge)
}

/** The request's `User-Agent`, cut to {@link MAX_USER_AGENT_LENGTH}. */
export function userAgentOf(context: AuthContext): string | null {
  return context.request.headers.get("user-agent")?.slice(0, MAX_USER_AGENT_LENGTH) ?? null
}

/**
 * The live sessions of the user of `token`, newest first, the current one marked. The current
 * session is listed even when the index does not know it (a token issued before `sid`, or an
 * index that was lost).
 */
export async function listJwtSessions(context: AuthContext, token: JWT): Promise<SessionInfo[]> {
  const sub = subjectOf(token)
  const current = sessionIdOf(token)
  const live = sub === undefined ? [] : await liveEntries(context, sub)
  const sessions = live.map(([id, entry]) => toInfo(id, entry, id === current))
  if (!sessions.some((session) => session.current)) {
    sessions.push({
      id: current ?? "",
      current: true,
      createdAt: null,
      lastUsedAt: typeof token.iat === "number" ? new Date(token.iat * 1000).toISOString() : null,
      userAgent: userAgentOf(context),
      ip: context.config.clientAddress(context.request.original) ?? null,
    })
  }
  return sessions.sort(
    (a, b) => (b.lastUsedAt ?? "").localeCompare(a.lastUsedAt ?? "") || Number(b.current),
  )
}

/** The index's sessions of a user that have not expired nor been revoked. */
async function liveEntries(context: AuthContext, sub: string): Promise<[string, IndexEntry][]> {
  const { store } = context.config.session
  if (!store) return []
  const fields = await store.getFields(`${INDEX}${sub}`)
  const entries: [string, IndexEntry][] = []
  const dead: string[] = []
  for (const [id, value] of Object.entries(fields)) {
    const entry = parseJson<IndexEntry>(value)
    if (entry && entry.expiresAt > Date.now()) entries.push([id, entry])
    else dead.push(id)
  }
  if (entries.length === 0) return entries
  const [stampValue, ...denied] = await store.get([
    `${SIGNED_OUT}${sub}`,
    ...entries.map(([id]) => `${REVOKED}${id}`),
  ])
  const stamp = stampValue == null ? undefined : parseJson<SignedOutStamp>(stampValue)
  const live = entries.filter(([id, entry], index) => {
    const revoked =
      denied[index] != null ||
      (stamp !== undefined &&
        stamp.keep !== id &&
        (startOf(id) ?? Date.parse(entry.createdAt)) <= stamp.at)
    if (revoked) dead.push(id)
    return !revoked
  })
  if (dead.length > 0) await store.deleteFields(`${INDEX}${sub}`, dead)
  return live
}

function toInfo(id: string, entry: IndexEntry, current: boolean): SessionInfo {
  return {
    id,
    current,
    createdAt: entry.createdAt,
    lastUsedAt: entry.lastUsedAt,
    userAgent: entry.userAgent,
    ip: entry.ip,
  }
}

/** What to revoke of a user's JWT sessions. */
export type JwtRevocation = { readonly sessionId: string } | { readonly scope: "others" | "all" }

/**
 * Revokes JWT sessions of the user of `token` (the current session): one of the user's own by
 * id (an id that is not one of theirs revokes nothing), every other one (`others`), or all.
 * Signing out everywhere stamps the user, so that sessions the index does not know (issued
 * before `sid`, or listed in another store) are refused too.
 *
 * Returns the ids of the other sessions revoked, and whether the current one was. When the
 * current session lives on (`others`) without a `sid`, it gets one to be told apart by:
 * `reissue` is then that token, whose cookie the caller re-issues.
 */
export async function revokeJwtSessions(
  context: AuthContext,
  token: JWT,
  revocation: JwtRevocation,
): Promise<{ others: string[]; current: boolean; reissue?: JWT }> {
  const sub = subjectOf(token)
  const sid = sessionIdOf(token)
  const { store, maxAge } = context.config.session
  const live = sub === undefined ? [] : (await liveEntries(context, sub)).map(([id]) => id)
  if ("sessionId" in revocation) {
    const id = revocation.sessionId
    if (id === sid || (sid === undefined && id === "")) {
      await denySessions(context, sub, sid === undefined ? [] : [sid])
      return { others: [], current: true }
    }
    if (!live.includes(id)) return { others: [], current: false }
    await denySessions(context, sub, [id])
    return { others: [id], current: false }
  }
  const keep = revocation.scope === "others" ? (sid ?? newSessionId()) : undefined
  const others = live.filter((id) => id !== sid)
  if (store && sub !== undefined) {
    const stamp: SignedOutStamp = { at: Date.now(), keep }
    await store.set(`${SIGNED_OUT}${sub}`, JSON.stringify(stamp), maxAge)
  }
  const all = revocation.scope === "all"
  await denySessions(context, sub, all && sid !== undefined ? [...others, sid] : others)
  const reissue = keep !== undefined && sid === undefined ? { ...token, sid: keep } : undefined
  return reissue ? { others, current: all, reissue } : { others, current: all }
}

/** Puts session ids on the deny-list for `maxAge` and drops them from the user's index. */
async function denySessions(
  context: AuthContext,
  sub: string | undefined,
  ids: readonly string[],
): Promise<void> {
  const { store, maxAge } = context.config.session
  if (!store) return
  await denySessionIds(store, ids, maxAge)
  if (sub !== undefined && ids.length > 0) await store.deleteFields(`${INDEX}${sub}`, ids)
}

/** Puts session ids on the deny-list of `store` for `seconds`. */
export async function denySessionIds(
  store: SessionStore,
  ids: readonly string[],
  seconds: number,
): Promise<void> {
  await Promise.all(ids.map((id) => store.set(`${REVOKED}${id}`, "1", seconds)))
}

/**
 * Whether a session id is on the deny-list of `store`: one store read.
 *
 * @throws {DatabaseUnavailableError} when the store cannot be reached
 */
export async function isSessionIdDenied(store: SessionStore, id: string): Promise<boolean> {
  const [denied] = await store.get([`${REVOKED}${id}`])
  return denied != null
}

/**
 * Ends a session that signs out (its cookie is cleared): its id goes on the deny-list until the
 * token expires, so a copy of the cookie taken before (a stolen one, another tab's) is refused
 * on every instance sharing the store, and it leaves its user's index. Auth.js only clears the
 * cookie (docs/compatibility.md).
 */
export async function forgetSession(context: AuthContext, token: JWT): Promise<void> {
  const sid = sessionIdOf(token)
  const { store } = context.config.session
  if (!store || sid === undefined) return
  const sub = subjectOf(token)
  const expiresIn = typeof token.exp === "number" ? token.exp - Math.floor(Date.now() / 1000) : 0
  if (expiresIn <= 0) return
  await Promise.all([
    store.set(`${REVOKED}${sid}`, "1", expiresIn),
    sub === undefined ? undefined : store.deleteFields(`${INDEX}${sub}`, [sid]),
  ])
}

function parseJson<T>(value: string | null | undefined): T | undefined {
  if (value == null) return undefined
  try {
    return JSON.parse(value) as T
  } catch {
    return undefined
  }
}
