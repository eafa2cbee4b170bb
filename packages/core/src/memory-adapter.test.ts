/**
 * What the contract suite (`@auth/adapter-test`, run on this adapter there) cannot pin down:
 * the exact timestamps of authenticators, with the clock injected.
 */
import { describe, expect, it } from "vitest"
import type { AdapterAuthenticator } from "./adapters.js"
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
