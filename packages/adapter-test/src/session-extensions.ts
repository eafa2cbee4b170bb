import type { AdapterSession } from "@auth/core/adapters"
import { describe, expect, it } from "vitest"
import { expectTimeOfCall } from "./expect-stored.js"
import {
  type CompleteAdapter,
  type ContractContext,
  dateFromNow,
  newSession,
  newUser,
  unique,
} from "./fixtures.js"

const ONE_HOUR_MS = 60 * 60 * 1000

const PARALLEL_CALLS = 20

/** `listSessions` when the adapter has it; an adapter written for Auth.js has not. */
type ListSessions = (userId: string) => Promise<AdapterSession[]>

/** `deleteSessions` when the adapter has it; an adapter written for Auth.js has not. */
type DeleteSessions = (userId: string, options?: { except?: string }) => Promise<AdapterSession[]>

function listSessionsOf(adapter: CompleteAdapter): ListSessions | undefined {
  const method = adapter.listSessions
  if (method === undefined) return undefined
  return async (userId) => method.call(adapter, userId)
}

function deleteSessionsOf(adapter: CompleteAdapter): DeleteSessions | undefined {
  const method = adapter.deleteSessions
  if (method === undefined) return undefined
  return async (userId, options) => method.call(adapter, userId, options)
}

/** Sessions in a stable order, to compare lists whose order the contract leaves open. */
function byToken(sessions: readonly AdapterSession[]): AdapterSession[] {
  return [...sessions].sort((a, b) => a.sessionToken.localeCompare(b.sessionToken))
}

/** A session with every field of session management, as core creates it (whole seconds). */
function newManagedSession(userId: string): AdapterSession {
  return newSession(userId, {
    createdAt: dateFromNow(-ONE_HOUR_MS),
    lastUsedAt: dateFromNow(-60_000),
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) ${unique("agent")}`,
    ip: "203.0.113.7",
  })
}

/** A user with two sessions, and another user with one. */
async function createTwoUsersWithSessions(adapter: CompleteAdapter) {
  const user = await adapter.createUser(newUser())
  const other = await adapter.createUser(newUser())
  const current = await adapter.createSession(newManagedSession(user.id))
  const elsewhere = await adapter.createSession(newManagedSession(user.id))
  const others = await adapter.createSession(newManagedSession(other.id))
  return { user, other, current, elsewhere, others }
}

/**
 * The additions beyond Auth.js's contract that session management uses: `listSessions`,
 * `deleteSessions`, and the fields `createdAt`, `lastUsedAt`, `userAgent` and `ip` of sessions,
 * which core passes to `createSession` and `updateSession` only when the adapter has
 * `listSessions`. Adapters written for Auth.js have none of them, so each test runs when the
 * adapter has the method it checks, and passes without checking anything otherwise.
 */
export function describeSessionExtensions(context: ContractContext): void {
  describe("listSessions (an addition beyond Auth.js)", () => {
    it("is a function or absent, as is deleteSessions", () => {
      const adapter = context.adapter()
      expect(["function", "undefined"]).toContain(typeof adapter.listSessions)
      expect(["function", "undefined"]).toContain(typeof adapter.deleteSessions)
    })

    it("lists every session of the user, as getSessionAndUser returns them, and none of another user's", async () => {
      const adapter = context.adapter()
      const listSessions = listSessionsOf(adapter)
      if (listSessions === undefined) return // an adapter written for Auth.js
      const { user, other, current, elsewhere, others } = await createTwoUsersWithSessions(adapter)
      const expired = await adapter.createSession(
        newSession(user.id, { expires: dateFromNow(-ONE_HOUR_MS) }),
      )
      const listed = byToken(await listSessions(user.id))
      // An expired session may be listed (core leaves it out); none of another user's is.
      const expected = byToken(
        listed.some((session) => session.sessionToken === expired.sessionToken)
          ? [current, elsewhere, expired]
          : [current, elsewhere],
      )
      expect(listed).toEqual(expected)
      for (const session of listed) {
        expect((await adapter.getSessionAndUser(session.sessionToken))?.session).toEqual(session)
      }
      expect(await listSessions(other.id)).toEqual([others])
    })

    it("keeps createdAt, lastUsedAt, userAgent and ip as createSession was given them", async () => {
      const adapter = context.adapter()
      const listSessions = listSessionsOf(adapter)
      if (listSessions === undefined) return // an adapter written for Auth.js
      const user = await adapter.createUser(newUser())
      const input = newManagedSession(user.id)
      const created = await adapter.createSession(input)
      expect(created).toMatchObject(input)
      expect((await adapter.getSessionAndUser(input.sessionToken))?.session).toEqual(created)
      expect(await listSessions(user.id)).toEqual([created])
    })

    it("lists a session created without those fields with createdAt the time of the call and the others null", async () => {
      const adapter = context.adapter()
      const listSessions = listSessionsOf(adapter)
      if (listSessions === undefined) return // an adapter written for Auth.js
      const user = await adapter.createUser(newUser())
      const startedMs = Date.now()
      const created = await adapter.createSession(newSession(user.id))
      const endedMs = Date.now()
      const [listed] = await listSessions(user.id)
      expect(listed).toEqual(created)
      expectTimeOfCall(listed?.createdAt, startedMs, endedMs)
      expect(listed?.lastUsedAt).toBeNull()
      expect(listed?.userAgent).toBeNull()
      expect(listed?.ip).toBeNull()
    })

    it("is empty for a user without sessions, and for an unknown user", async () => {
      const adapter = context.adapter()
      const listSessions = listSessionsOf(adapter)
      if (listSessions === undefined) return // an adapter written for Auth.js
      const user = await adapter.createUser(newUser())
      expect(await listSessions(user.id)).toEqual([])
      expect(await listSessions(unique("nobody"))).toEqual([])
    })

    it("updateSession sets lastUsedAt and keeps the other fields", async () => {
      const adapter = context.adapter()
      const listSessions = listSessionsOf(adapter)
      if (listSessions === undefined) return // core passes lastUsedAt only to such adapters
      const user = await adapter.createUser(newUser())
      const created = await adapter.createSession(newManagedSession(user.id))
      const lastUsedAt = dateFromNow(0)
      const expires = dateFromNow(30 * 24 * ONE_HOUR_MS)
      const updated = await adapter.updateSession({
        sessionToken: created.sessionToken,
        expires,
        lastUsedAt,
      })
      expect(updated).toEqual({ ...created, expires, lastUsedAt })
      expect((await adapter.getSessionAndUser(created.sessionToken))?.session).toEqual(updated)
      expect(await listSessions(user.id)).toEqual([updated])
    })
  })

  describe("deleteSessions (an addition beyond Auth.js)", () => {
    it("deletes every session of the user but the one excepted, and returns the deleted ones", async () => {
      const adapter = context.adapter()
      const deleteSessions = deleteSessionsOf(adapter)
      if (deleteSessions === undefined) return // an adapter written for Auth.js
      const { user, current, elsewhere, others } = await createTwoUsersWithSessions(adapter)
      const third = await adapter.createSession(newManagedSession(user.id))

      const deleted = await deleteSessions(user.id, { except: current.sessionToken })

      expect(byToken(deleted)).toEqual(byToken([elsewhere, third]))
      expect(await adapter.getSessionAndUser(elsewhere.sessionToken)).toBeNull()
      expect(await adapter.getSessionAndUser(third.sessionToken)).toBeNull()
      expect((await adapter.getSessionAndUser(current.sessionToken))?.session).toEqual(current)
      expect((await adapter.getSessionAndUser(others.sessionToken))?.session).toEqual(others)
      expect(await adapter.getUser(user.id)).toEqual(user)
    })

    it("without an exception deletes every session of the user, and only the user's", async () => {
      const adapter = context.adapter()
      const deleteSessions = deleteSessionsOf(adapter)
      if (deleteSessions === undefined) return // an adapter written for Auth.js
      const { user, current, elsewhere, others } = await createTwoUsersWithSessions(adapter)

      expect(byToken(await deleteSessions(user.id))).toEqual(byToken([current, elsewhere]))

      expect(await adapter.getSessionAndUser(current.sessionToken)).toBeNull()
      expect(await adapter.getSessionAndUser(elsewhere.sessionToken)).toBeNull()
      expect((await adapter.getSessionAndUser(others.sessionToken))?.session).toEqual(others)
      const listSessions = listSessionsOf(adapter)
      if (listSessions !== undefined) expect(await listSessions(user.id)).toEqual([])
    })

    it("returns [] for a user without sessions, for an unknown user, and when called again", async () => {
      const adapter = context.adapter()
      const deleteSessions = deleteSessionsOf(adapter)
      if (deleteSessions === undefined) return // an adapter written for Auth.js
      const { user, current, others } = await createTwoUsersWithSessions(adapter)
      const without = await adapter.createUser(newUser())
      expect(await deleteSessions(without.id)).toEqual([])
      expect(await deleteSessions(unique("nobody"))).toEqual([])
      await deleteSessions(user.id, { except: current.sessionToken })
      expect(await deleteSessions(user.id, { except: current.sessionToken })).toEqual([])
      expect((await adapter.getSessionAndUser(others.sessionToken))?.session).toEqual(others)
    })

    it(`returns each session once of ${PARALLEL_CALLS} concurrent calls`, async () => {
      const adapter = context.adapter()
      const deleteSessions = deleteSessionsOf(adapter)
      if (deleteSessions === undefined) return // an adapter written for Auth.js
      const { user, current, elsewhere } = await createTwoUsersWithSessions(adapter)
      const results = await Promise.all(
        Array.from({ length: PARALLEL_CALLS }, async () => deleteSessions(user.id)),
      )
      expect(byToken(results.flat())).toEqual(byToken([current, elsewhere]))
    })
  })
}
