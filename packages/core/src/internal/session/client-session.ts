/**
 * What the `session` callback of the database strategy is given, and what of its result may
 * leave the server. The session cookie is `HttpOnly` so that no script can read it; a callback
 * that returns the session it was given (Auth.js passes `{ ...adapterSession, user }`) would
 * otherwise send that cookie's value to `GET /session`, `useSession()` and every page that
 * serialises the session.
 */
import type { AdapterSession, AdapterUser } from "../../adapters.js"
import type { Session } from "../../types.js"

/** The stored session's members a callback can read but passes on only when it names them. */
type PrivateMembers = Pick<AdapterSession, "sessionToken" | "userId">

/** The `session` argument of the database strategy's `session` callback. */
export type SessionArgument = Session & AdapterSession & { user: AdapterUser }

/** The prototypes {@link sessionArgument} made: objects built on them are copied as plain ones. */
const privateMembers = new WeakSet<object>()

/**
 * The `session` argument of the database strategy's `session` callback: the stored session and
 * its `user`, as in Auth.js. `sessionToken` and `userId` are readable (`session.userId`) but
 * live on the object's prototype, not on the object: `return session`, `{ ...session }` and
 * `JSON.stringify(session)` leave them out, while `{ ...session, userId: session.userId }` or
 * `session.userId = user.id` puts `userId` on the result, where the app chose to.
 */
export function sessionArgument(stored: AdapterSession, user: AdapterUser): SessionArgument {
  const { sessionToken, userId, ...rest } = stored
  const hidden: PrivateMembers = { sessionToken, userId }
  privateMembers.add(hidden)
  return Object.assign(Object.create(hidden) as PrivateMembers, rest, { user }) as SessionArgument
}

/**
 * The `session` callback's result without the session token: a `sessionToken` member is
 * dropped, and so is any member, at any depth of plain objects and arrays, whose value is the
 * token itself (`{ id: session.sessionToken }`). The callback's own argument, returned as it
 * is, becomes a plain object of its own members (what `JSON.stringify` would send, and what
 * SvelteKit's and React's serialisers accept). Nothing else is changed, and the result is a
 * copy only where something had to go.
 */
export function withoutSessionToken(session: Session, sessionToken: string): Session {
  const scrubbed = scrub(session, sessionToken, 0)
  if (!isPlainObject(scrubbed) || !Object.hasOwn(scrubbed, "sessionToken")) {
    return scrubbed as Session
  }
  const { sessionToken: _removed, ...rest } = scrubbed
  return rest as unknown as Session
}

/** How deep a result is searched: sessions are a few levels deep, and a cycle must not hang. */
const MAX_DEPTH = 32

function scrub(value: unknown, token: string, depth: number): unknown {
  if (depth > MAX_DEPTH) return value
  if (Array.isArray(value)) {
    const items = value
      .filter((item) => item !== token)
      .map((item) => scrub(item, token, depth + 1))
    const same = items.length === value.length && items.every((item, i) => item === value[i])
    return same ? value : items
  }
  if (!isPlainObject(value)) return value
  let copy = privateMembers.has(Object.getPrototypeOf(value)) ? { ...value } : undefined
  for (const [key, member] of Object.entries(value)) {
    if (member === token) {
      copy ??= { ...value }
      delete copy[key]
      continue
    }
    const next = scrub(member, token, depth + 1)
    if (next === member) continue
    copy ??= { ...value }
    copy[key] = next
  }
  return copy ?? value
}

/** An object literal's kind of object (not a `Date`, a class instance or a `Map`). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return (
    prototype === Object.prototype || prototype === null || privateMembers.has(prototype as object)
  )
}
