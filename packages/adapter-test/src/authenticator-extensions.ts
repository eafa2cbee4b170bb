import type { AdapterAuthenticator } from "@auth/core/adapters"
import { describe, expect, it } from "vitest"
import { expectTimeOfCall } from "./expect-stored.js"
import {
  type CompleteAdapter,
  type ContractContext,
  createWebAuthnUser,
  newAuthenticator,
  newOAuthAccount,
  newUser,
  unique,
} from "./fixtures.js"

const PARALLEL_CALLS = 20

/** `deleteAuthenticator` when the adapter has it; an adapter written for Auth.js has not. */
type DeleteAuthenticator = (credentialID: string) => Promise<AdapterAuthenticator | null>

function deleteAuthenticatorOf(adapter: CompleteAdapter): DeleteAuthenticator | undefined {
  const method = adapter.deleteAuthenticator
  if (method === undefined) return undefined
  return async (credentialID) => method.call(adapter, credentialID)
}

/** A user with two authenticators, and another user with one. */
async function createTwoUsersWithAuthenticators(adapter: CompleteAdapter) {
  const { user, account } = await createWebAuthnUser(adapter)
  const other = await createWebAuthnUser(adapter)
  const removed = await adapter.createAuthenticator(
    newAuthenticator(user.id, account.providerAccountId),
  )
  const kept = await adapter.createAuthenticator(
    newAuthenticator(user.id, account.providerAccountId),
  )
  const others = await adapter.createAuthenticator(
    newAuthenticator(other.user.id, other.account.providerAccountId),
  )
  return { user, account, other: other.user, removed, kept, others }
}

/**
 * The additions beyond Auth.js's contract that passkey management uses: `deleteAuthenticator`,
 * and the `createdAt` and `lastUsedAt` timestamps of authenticators. Core never passes the
 * timestamps in, and adapters written for Auth.js have neither, so each is checked when the
 * adapter has it: a method that is present, a timestamp that is returned (not `undefined`).
 */
export function describeAuthenticatorExtensions(context: ContractContext): void {
  describe("authenticator timestamps (additions beyond Auth.js)", () => {
    it("createAuthenticator sets createdAt to the time of the call and lastUsedAt to null", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      const input = newAuthenticator(user.id, account.providerAccountId)
      const startedMs = Date.now()
      const created = await adapter.createAuthenticator(input)
      const endedMs = Date.now()
      if (created.createdAt === undefined) return // the adapter keeps no timestamps
      expectTimeOfCall(created.createdAt, startedMs, endedMs)
      expect(created.lastUsedAt ?? null).toBeNull()
      const found = await adapter.getAuthenticator(input.credentialID)
      expect(found?.createdAt).toEqual(created.createdAt)
      expect(found?.lastUsedAt ?? null).toBeNull()
    })

    it("updateAuthenticatorCounter sets lastUsedAt to the time of the call and keeps createdAt", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      const input = newAuthenticator(user.id, account.providerAccountId)
      const created = await adapter.createAuthenticator(input)
      const startedMs = Date.now()
      const updated = await adapter.updateAuthenticatorCounter(input.credentialID, 1)
      const endedMs = Date.now()
      if (updated.lastUsedAt === undefined) return // the adapter keeps no timestamps
      expectTimeOfCall(updated.lastUsedAt, startedMs, endedMs)
      expect(updated.createdAt).toEqual(created.createdAt)
      expect(await adapter.getAuthenticator(input.credentialID)).toEqual(updated)
      expect(await adapter.listAuthenticatorsByUserId(user.id)).toEqual([updated])
    })
  })

  describe("deleteAuthenticator (an addition beyond Auth.js)", () => {
    it("is a function or absent", () => {
      expect(["function", "undefined"]).toContain(typeof context.adapter().deleteAuthenticator)
    })

    it("deletes only that authenticator and returns it as stored", async () => {
      const adapter = context.adapter()
      const deleteAuthenticator = deleteAuthenticatorOf(adapter)
      if (deleteAuthenticator === undefined) return // an adapter written for Auth.js
      const { user, account, other, removed, kept, others } =
        await createTwoUsersWithAuthenticators(adapter)
      const stored = await adapter.updateAuthenticatorCounter(removed.credentialID, 3)

      expect(await deleteAuthenticator(removed.credentialID)).toEqual(stored)

      expect(await adapter.getAuthenticator(removed.credentialID)).toBeNull()
      expect(await adapter.listAuthenticatorsByUserId(user.id)).toEqual([kept])
      expect(await adapter.listAuthenticatorsByUserId(other.id)).toEqual([others])
      // The authenticator only: the user and its WebAuthn account stay.
      expect(await adapter.getUser(user.id)).toEqual(user)
      expect(await adapter.getAccount(account.providerAccountId, account.provider)).not.toBeNull()
    })

    it("returns null for an unknown or already deleted credential", async () => {
      const adapter = context.adapter()
      const deleteAuthenticator = deleteAuthenticatorOf(adapter)
      if (deleteAuthenticator === undefined) return // an adapter written for Auth.js
      const { removed, kept } = await createTwoUsersWithAuthenticators(adapter)
      expect(await deleteAuthenticator(unique("unknown"))).toBeNull()
      await deleteAuthenticator(removed.credentialID)
      expect(await deleteAuthenticator(removed.credentialID)).toBeNull()
      expect(await adapter.getAuthenticator(kept.credentialID)).toEqual(kept)
    })

    it("leaves nothing for updateAuthenticatorCounter, which then rejects", async () => {
      const adapter = context.adapter()
      const deleteAuthenticator = deleteAuthenticatorOf(adapter)
      if (deleteAuthenticator === undefined) return // an adapter written for Auth.js
      const { removed } = await createTwoUsersWithAuthenticators(adapter)
      await deleteAuthenticator(removed.credentialID)
      await expect(
        Promise.resolve(adapter.updateAuthenticatorCounter(removed.credentialID, 1)),
      ).rejects.toThrow()
    })

    it(`returns the authenticator once of ${PARALLEL_CALLS} concurrent calls`, async () => {
      const adapter = context.adapter()
      const deleteAuthenticator = deleteAuthenticatorOf(adapter)
      if (deleteAuthenticator === undefined) return // an adapter written for Auth.js
      const { removed } = await createTwoUsersWithAuthenticators(adapter)
      const results = await Promise.all(
        Array.from({ length: PARALLEL_CALLS }, async () =>
          deleteAuthenticator(removed.credentialID),
        ),
      )
      expect(results.filter((result) => result !== null)).toEqual([removed])
    })
  })

  describe("listAccounts (an addition beyond Auth.js)", () => {
    it("lists every account of the user, of every type, and none of another user's", async () => {
      const adapter = context.adapter()
      if (adapter.listAccounts === undefined) return // an adapter written for Auth.js
      const { user, account: passkey } = await createWebAuthnUser(adapter)
      const oauth = newOAuthAccount(user.id)
      await adapter.linkAccount(oauth)
      const other = await createWebAuthnUser(adapter)
      const listed = await adapter.listAccounts(user.id)
      const keys = listed.map((account) => `${account.provider}:${account.providerAccountId}`)
      expect(keys.sort()).toEqual(
        [passkey, oauth]
          .map((account) => `${account.provider}:${account.providerAccountId}`)
          .sort(),
      )
      expect(listed.every((account) => account.userId === user.id)).toBe(true)
      expect(await adapter.listAccounts(other.user.id)).toHaveLength(1)
    })

    it("is empty for a user without accounts, and for an unknown user", async () => {
      const adapter = context.adapter()
      if (adapter.listAccounts === undefined) return // an adapter written for Auth.js
      const user = await adapter.createUser(newUser())
      expect(await adapter.listAccounts(user.id)).toEqual([])
      expect(await adapter.listAccounts(unique("nobody"))).toEqual([])
    })
  })
}
