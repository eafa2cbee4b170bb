import { describe, expect, it } from "vitest"
import { expectStored } from "./expect-stored.js"
import {
  type ContractContext,
  dateFromNow,
  newSession,
  newUser,
  unique,
  withoutSessionManagement,
} from "./fixtures.js"

const ONE_DAY_MS = 24 * 60 * 60 * 1000

/**
 * createSession, getSessionAndUser, updateSession, deleteSession, as Auth.js defines them.
 * Sessions are compared with their input without the fields of session management an adapter
 * may add (see `session-extensions.ts`).
 */
export function describeSessions(context: ContractContext): void {
  describe("sessions", () => {
    it("createSession stores the session and returns it", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const input = newSession(user.id)
      const session = await adapter.createSession(input)
      // With the row's own id when the store keeps one, as Auth.js's SQL adapters return it.
      expectStored(withoutSessionManagement(session), input)
      expect(session.expires).toBeInstanceOf(Date)
    })

    it("getSessionAndUser returns the session as created, and its user", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const session = await adapter.createSession(newSession(user.id))
      const found = await adapter.getSessionAndUser(session.sessionToken)
      expect(found).toEqual({ session, user })
      expect(found?.session.userId).toBe(user.id)
      expect(found?.session.expires).toBeInstanceOf(Date)
    })

    it("getSessionAndUser returns null for an unknown token", async () => {
      expect(await context.adapter().getSessionAndUser(unique("unknown"))).toBeNull()
    })

    it("getSessionAndUser returns an expired session with its expiry (core checks it)", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const expires = dateFromNow(-ONE_DAY_MS)
      const session = await adapter.createSession(newSession(user.id, { expires }))
      const found = await adapter.getSessionAndUser(session.sessionToken)
      expect(found?.session.expires).toEqual(expires)
    })

    it("updateSession changes the expiry", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const session = await adapter.createSession(newSession(user.id))
      const expires = dateFromNow(30 * ONE_DAY_MS)
      const updated = await adapter.updateSession({ sessionToken: session.sessionToken, expires })
      expect(updated).toEqual({ ...session, expires })
      const found = await adapter.getSessionAndUser(session.sessionToken)
      expect(found?.session).toEqual({ ...session, expires })
    })

    it("updateSession of an unknown token returns nothing", async () => {
      const updated = await context
        .adapter()
        .updateSession({ sessionToken: unique("unknown"), expires: dateFromNow(ONE_DAY_MS) })
      expect(updated ?? null).toBeNull()
    })

    it("deleteSession removes only that session", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const kept = await adapter.createSession(newSession(user.id))
      const removed = await adapter.createSession(newSession(user.id))
      await adapter.deleteSession(removed.sessionToken)
      expect(await adapter.getSessionAndUser(removed.sessionToken)).toBeNull()
      expect(await adapter.getSessionAndUser(kept.sessionToken)).toEqual({ session: kept, user })
      expect(await adapter.getUser(user.id)).toEqual(user)
    })

    it("deleteSession of an unknown token resolves", async () => {
      const deleted = await context.adapter().deleteSession(unique("unknown"))
      expect(deleted ?? null).toBeNull()
    })
  })
}
