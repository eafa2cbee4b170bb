import { describe, expect, it } from "vitest"
import { expectId, expectStored } from "./expect-stored.js"
import {
  type ContractContext,
  createUserWithAccount,
  createWebAuthnUser,
  dateFromNow,
  newAuthenticator,
  newSession,
  newUser,
  withoutSessionManagement,
} from "./fixtures.js"

/** Round trips of nullable and date fields, and isolation between the store and its callers. */
export function describeEdgeCases(context: ContractContext): void {
  describe("edge cases", () => {
    it("emailVerified null round-trips as null, not undefined", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser({ emailVerified: null }))
      expect(user.emailVerified).toBeNull()
      expect((await adapter.getUser(user.id))?.emailVerified).toBeNull()
      expect((await adapter.getUserByEmail(user.email))?.emailVerified).toBeNull()
    })

    it("emailVerified Date round-trips as a Date through every read", async () => {
      const adapter = context.adapter()
      const emailVerified = dateFromNow(-5_000)
      const { user, account } = await createUserWithAccount(adapter)
      await adapter.updateUser({ id: user.id, emailVerified })
      const session = await adapter.createSession(newSession(user.id))
      const reads = [
        await adapter.getUser(user.id),
        await adapter.getUserByEmail(user.email),
        await adapter.getUserByAccount({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
        }),
        (await adapter.getSessionAndUser(session.sessionToken))?.user,
      ]
      for (const read of reads) {
        expect(read?.emailVerified).toBeInstanceOf(Date)
        expect(read?.emailVerified).toEqual(emailVerified)
      }
    })

    it("emailVerified can be cleared back to null", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser({ emailVerified: dateFromNow(0) }))
      await adapter.updateUser({ id: user.id, emailVerified: null })
      expect((await adapter.getUser(user.id))?.emailVerified).toBeNull()
    })

    it("name and image may be null", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser({ name: null, image: null }))
      const found = await adapter.getUser(user.id)
      expect(found?.name ?? null).toBeNull()
      expect(found?.image ?? null).toBeNull()
    })

    it("mutating a returned record does not change the stored one", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser({ emailVerified: dateFromNow(0) }))
      const snapshot = structuredClone(user)
      user.name = "Mallory"
      user.emailVerified?.setTime(0)
      const read = await adapter.getUser(user.id)
      expect(read).toEqual(snapshot)
      if (read) read.name = "Mallory"
      read?.emailVerified?.setTime(0)
      expect(await adapter.getUser(user.id)).toEqual(snapshot)
    })

    it("mutating an input after the call does not change the stored record", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const input = newSession(user.id)
      const expected = structuredClone(input)
      await adapter.createSession(input)
      input.expires.setTime(0)
      input.userId = "someone-else"
      const stored = await adapter.getSessionAndUser(expected.sessionToken)
      expectStored(withoutSessionManagement(stored?.session), expected)
    })

    it("a user's id keeps its type (string or number) in every record that refers to it", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      expectId(user.id)
      const session = await adapter.createSession(newSession(user.id))
      const authenticator = await adapter.createAuthenticator(
        newAuthenticator(user.id, account.providerAccountId),
      )
      const found = await adapter.getSessionAndUser(session.sessionToken)
      const references = [
        (await adapter.getUser(user.id))?.id,
        (await adapter.getUserByEmail(user.email))?.id,
        (
          await adapter.getUserByAccount({
            provider: account.provider,
            providerAccountId: account.providerAccountId,
          })
        )?.id,
        found?.user.id,
        found?.session.userId,
        session.userId,
        (await adapter.getAccount(account.providerAccountId, account.provider))?.userId,
        authenticator.userId,
        (await adapter.getAuthenticator(authenticator.credentialID))?.userId,
        (await adapter.listAuthenticatorsByUserId(user.id))[0]?.userId,
      ]
      // Core hands ids back as it got them and compares them with ===: 1 and "1" differ.
      expect(references).toEqual(references.map(() => user.id))
    })

    it("reads of unknown keys return null rather than throwing", async () => {
      const adapter = context.adapter()
      // Ids from other systems (a credentials provider, an older schema) need not be keys of the
      // store: digits no integer sequence hands out, beyond BIGINT, and text that is no UUID.
      for (const id of ["0", "99999999999999999999", "not-a-uuid", crypto.randomUUID()]) {
        expect(await adapter.getUser(id)).toBeNull()
        expect(await adapter.getSessionAndUser(id)).toBeNull()
        expect(await adapter.getAuthenticator(id)).toBeNull()
        expect(await adapter.listAuthenticatorsByUserId(id)).toEqual([])
        if (adapter.deleteAuthenticator) expect(await adapter.deleteAuthenticator(id)).toBeNull()
      }
    })
  })
}
