import { describe, expect, it } from "vitest"
import {
  type ContractContext,
  createWebAuthnUser,
  newAuthenticator,
  newUser,
  unique,
  withoutTimestamps,
} from "./fixtures.js"

/** WebAuthn counters are unsigned 32-bit integers (W3C WebAuthn §6.1, signCount). */
const MAX_SIGN_COUNT = 2 ** 32 - 1

/**
 * createAuthenticator, getAuthenticator, listAuthenticatorsByUserId, updateAuthenticatorCounter,
 * as Auth.js defines them. Records are compared without the timestamps an adapter may add (see
 * `authenticator-extensions.ts`).
 */
export function describeAuthenticators(context: ContractContext): void {
  describe("authenticators", () => {
    it("createAuthenticator stores every field and getAuthenticator returns them", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      const input = newAuthenticator(user.id, account.providerAccountId)
      const created = await adapter.createAuthenticator(input)
      expect(withoutTimestamps(created)).toEqual(input)
      const found = await adapter.getAuthenticator(input.credentialID)
      expect(found).toEqual(created)
      expect(typeof found?.counter).toBe("number")
      expect(typeof found?.credentialBackedUp).toBe("boolean")
    })

    it("an authenticator without transports comes back without them", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      const input = newAuthenticator(user.id, account.providerAccountId, {
        transports: null,
        credentialBackedUp: false,
        credentialDeviceType: "singleDevice",
      })
      await adapter.createAuthenticator(input)
      const found = await adapter.getAuthenticator(input.credentialID)
      expect(found).toMatchObject({
        credentialBackedUp: false,
        credentialDeviceType: "singleDevice",
      })
      expect(found?.transports ?? null).toBeNull()
    })

    it("getAuthenticator returns null for an unknown credential", async () => {
      expect(await context.adapter().getAuthenticator(unique("unknown"))).toBeNull()
    })

    it("listAuthenticatorsByUserId returns exactly the user's authenticators, as stored", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      const other = await createWebAuthnUser(adapter)
      // Several passkeys of one user: one per device, each its own credential.
      const inputs = [
        newAuthenticator(user.id, account.providerAccountId),
        newAuthenticator(user.id, account.providerAccountId, { counter: 7 }),
        newAuthenticator(user.id, account.providerAccountId, {
          credentialDeviceType: "singleDevice",
          credentialBackedUp: false,
        }),
      ]
      for (const input of inputs) await adapter.createAuthenticator(input)
      await adapter.createAuthenticator(
        newAuthenticator(other.user.id, other.account.providerAccountId),
      )
      const byId = (a: { credentialID: string }, b: { credentialID: string }): number =>
        a.credentialID.localeCompare(b.credentialID)
      const listed = [...(await adapter.listAuthenticatorsByUserId(user.id))].sort(byId)
      const expected = [...inputs].sort(byId)
      expect(listed.map(withoutTimestamps)).toEqual(expected)
      // The same records, timestamps included, as getAuthenticator returns them.
      for (const [index, input] of expected.entries()) {
        expect(listed[index]).toEqual(await adapter.getAuthenticator(input.credentialID))
      }
    })

    it("listAuthenticatorsByUserId returns [] for a user without authenticators", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      expect(await adapter.listAuthenticatorsByUserId(user.id)).toEqual([])
      expect(await adapter.listAuthenticatorsByUserId(crypto.randomUUID())).toEqual([])
    })

    it("updateAuthenticatorCounter sets the counter and returns the authenticator", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      const input = newAuthenticator(user.id, account.providerAccountId)
      await adapter.createAuthenticator(input)
      const updated = await adapter.updateAuthenticatorCounter(input.credentialID, 42)
      expect(withoutTimestamps(updated)).toEqual({ ...input, counter: 42 })
      expect(await adapter.getAuthenticator(input.credentialID)).toEqual(updated)
    })

    it("the counter holds the largest WebAuthn sign count", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      const input = newAuthenticator(user.id, account.providerAccountId)
      await adapter.createAuthenticator(input)
      await adapter.updateAuthenticatorCounter(input.credentialID, MAX_SIGN_COUNT)
      expect((await adapter.getAuthenticator(input.credentialID))?.counter).toBe(MAX_SIGN_COUNT)
    })

    it("updateAuthenticatorCounter rejects an unknown credential", async () => {
      await expect(
        Promise.resolve(context.adapter().updateAuthenticatorCounter(unique("unknown"), 1)),
      ).rejects.toThrow()
    })
  })
}
