/**
 * What the contract suite (`@auth/adapter-test`, run on this adapter there) cannot pin down:
 * the exact timestamps of authenticators and sessions, with the clock injected.
 */
import { describe, expect, it } from "vitest"
import type { AdapterAuthenticator, AdapterSession } from "./adapters.js"
import { MemoryAdapter } from "./memory-adapter.js"

const CREATED = new Date("2026-03-01T10:00:00.000Z")
const USED = new Date("2026-03-02T08:30:00.000Z")

/** A clock that reads `time`, and the adapter that uses it, with one user and no authenticator. */
async function setup() {
  const clock = { time: CREATED }
  const adapter = MemoryAdapter({ now: () => new Date(clock.time) })
  const user = await adapter.createUser!({
    id: "ignored",
    email: `${crypto.randomUUID()}@example.test`,
    emailVerified: null,
  })
  return { adapter, clock, userId: user.id }
}

function authenticatorOf(userId: string, credentialID = crypto.randomUUID()): AdapterAuthenticator {
  return {
    userId,
    credentialID,
    providerAccountId: credentialID,
    credentialPublicKey: "pQECAyYgASFYIBn3Lp2Rj5Dq2bE4",
    counter: 0,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    transports: "internal",
  }
}

describe("MemoryAdapter authenticators", () => {
  it("createAuthenticator sets createdAt from its clock and lastUsedAt to null", async () => {
    const { adapter, userId } = await setup()
    const input = authenticatorOf(userId)
    const expected = { ...input, createdAt: CREATED, lastUsedAt: null }
    expect(await adapter.createAuthenticator!(input)).toEqual(expected)
    expect(await adapter.getAuthenticator!(input.credentialID)).toEqual(expected)
  })

  it("createAuthenticator replaces timestamps given to it with its own", async () => {
    const { adapter, userId } = await setup()
    const input = { ...authenticatorOf(userId), createdAt: new Date(0), lastUsedAt: new Date(0) }
    const created = await adapter.createAuthenticator!(input)
    expect(created).toMatchObject({ createdAt: CREATED, lastUsedAt: null })
  })

  it("updateAuthenticatorCounter sets lastUsedAt to now and keeps createdAt", async () => {
    const { adapter, clock, userId } = await setup()
    const input = authenticatorOf(userId)
    await adapter.createAuthenticator!(input)
    clock.time = USED
    const updated = await adapter.updateAuthenticatorCounter!(input.credentialID, 5)
    expect(updated).toEqual({ ...input, counter: 5, createdAt: CREATED, lastUsedAt: USED })
    expect(await adapter.listAuthenticatorsByUserId!(userId)).toEqual([updated])
  })

  it("returned timestamps are copies: mutating one leaves the stored one", async () => {
    const { adapter, userId } = await setup()
    const created = await adapter.createAuthenticator!(authenticatorOf(userId))
    created.createdAt?.setTime(0)
    const found = await adapter.getAuthenticator!(created.credentialID)
    expect(found?.createdAt).toEqual(CREATED)
  })

  it("deleteAuthenticator returns the stored authenticator once, then null", async () => {
    const { adapter, clock, userId } = await setup()
    const kept = authenticatorOf(userId)
    const removed = authenticatorOf(userId)
    await adapter.createAuthenticator!(kept)
    await adapter.createAuthenticator!(removed)
    clock.time = USED
    await adapter.updateAuthenticatorCounter!(removed.credentialID, 1)
    expect(await adapter.deleteAuthenticator!(removed.credentialID)).toEqual({
      ...removed,
      counter: 1,
      createdAt: CREATED,
      lastUsedAt: USED,
    })
    expect(await adapter.deleteAuthenticator!(removed.credentialID)).toBeNull()
    expect(await adapter.getAuthenticator!(removed.credentialID)).toBeNull()
    expect(await adapter.listAuthenticatorsByUserId!(userId)).toEqual([
      { ...kept, createdAt: CREATED, lastUsedAt: null },
    ])
  })
})

function sessionOf(userId: string, fields: Partial<AdapterSession> = {}): AdapterSession {
  return {
    sessionToken: crypto.randomUUID(),
    userId,
    expires: new Date("2026-04-01T10:00:00.000Z"),
    ...fields,
  }
}

describe("MemoryAdapter sessions", () => {
  it("createSession keeps the fields of session management it is given", async () => {
    const { adapter, userId } = await setup()
    const input = sessionOf(userId, {
      createdAt: USED,
      lastUsedAt: USED,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
      ip: "203.0.113.7",
    })
    expect(await adapter.createSession!(input)).toEqual(input)
    expect(await adapter.listSessions!(userId)).toEqual([input])
  })

  it("createSession sets createdAt from its clock and the other fields to null when absent", async () => {
    const { adapter, userId } = await setup()
    const input = sessionOf(userId)
    const expected = { ...input, createdAt: CREATED, lastUsedAt: null, userAgent: null, ip: null }
    expect(await adapter.createSession!(input)).toEqual(expected)
    expect((await adapter.getSessionAndUser!(input.sessionToken))?.session).toEqual(expected)
  })

  it("updateSession sets lastUsedAt and keeps the other fields", async () => {
    const { adapter, userId } = await setup()
    const created = await adapter.createSession!(
      sessionOf(userId, { userAgent: "curl/8", ip: "::1" }),
    )
    const updated = await adapter.updateSession!({
      sessionToken: created.sessionToken,
      lastUsedAt: USED,
    })
    expect(updated).toEqual({ ...created, lastUsedAt: USED })
    expect(await adapter.deleteSession!(created.sessionToken)).toEqual(updated)
  })

  it("deleteSessions deletes the user's sessions but the one excepted, and returns them", async () => {
    const { adapter, userId } = await setup()
    const other = await adapter.createUser!({
      id: "x",
      email: "other@example.test",
      emailVerified: null,
    })
    const current = await adapter.createSession!(sessionOf(userId))
    const elsewhere = await adapter.createSession!(sessionOf(userId))
    const others = await adapter.createSession!(sessionOf(other.id))
    const deleted = await adapter.deleteSessions!(userId, { except: current.sessionToken })
    expect(deleted).toEqual([elsewhere])
    expect(await adapter.listSessions!(userId)).toEqual([current])
    expect(await adapter.deleteSessions!(userId)).toEqual([current])
    expect(await adapter.deleteSessions!(userId)).toEqual([])
    expect(await adapter.listSessions!(other.id)).toEqual([others])
  })

  it("returned sessions are copies: mutating one leaves the stored one", async () => {
    const { adapter, userId } = await setup()
    const created = await adapter.createSession!(sessionOf(userId))
    created.createdAt?.setTime(0)
    const [listed] = await adapter.listSessions!(userId)
    expect(listed?.createdAt).toEqual(CREATED)
    listed?.createdAt?.setTime(0)
    expect((await adapter.listSessions!(userId))[0]?.createdAt).toEqual(CREATED)
  })
})
