import { describe, expect, it } from "vitest"
import { expectStored } from "./expect-stored.js"
import {
  type ContractContext,
  createUserWithAccount,
  newEmailAccount,
  newOAuthAccount,
  newUser,
  unique,
} from "./fixtures.js"

const TOKEN_FIELDS = [
  "access_token",
  "refresh_token",
  "id_token",
  "token_type",
  "scope",
  "expires_at",
  "session_state",
] as const

/** linkAccount, unlinkAccount, getAccount. */
export function describeAccounts(context: ContractContext): void {
  describe("accounts", () => {
    it("linkAccount stores every token field and getAccount returns them", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const account = newOAuthAccount(user.id)
      const linked = await adapter.linkAccount(account)
      const found = await adapter.getAccount(account.providerAccountId, account.provider)
      // The account as given, with the row's own id when the store keeps one (Auth.js's do).
      expectStored(found, account)
      expect(found?.userId).toBe(user.id)
      expect(typeof found?.expires_at).toBe("number")
      // Returning the account is optional (core ignores it); when returned, it is the stored one.
      if (linked != null) expect(linked).toEqual(found)
    })

    it("linkAccount without token fields returns them absent (undefined or null)", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      await adapter.linkAccount(newEmailAccount(user.id, user.email))
      const found = await adapter.getAccount(user.email, "email")
      expect(found).toMatchObject({
        userId: user.id,
        type: "email",
        provider: "email",
        providerAccountId: user.email,
      })
      for (const field of TOKEN_FIELDS) expect(found?.[field] ?? null).toBeNull()
    })

    it("linkAccount rejects a second account with the same provider and id", async () => {
      const adapter = context.adapter()
      const { account } = await createUserWithAccount(adapter)
      const other = await adapter.createUser(newUser())
      const duplicate = newOAuthAccount(other.id, { providerAccountId: account.providerAccountId })
      await expect(Promise.resolve(adapter.linkAccount(duplicate))).rejects.toThrow()
      const owner = await adapter.getUserByAccount({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
      })
      expect(owner?.id).toBe(account.userId)
    })

    it("the same providerAccountId may exist under two providers", async () => {
      const adapter = context.adapter()
      const providerAccountId = unique("shared")
      const a = await adapter.createUser(newUser())
      const b = await adapter.createUser(newUser())
      await adapter.linkAccount(newOAuthAccount(a.id, { provider: "github", providerAccountId }))
      await adapter.linkAccount(newOAuthAccount(b.id, { provider: "gitlab", providerAccountId }))
      expect((await adapter.getAccount(providerAccountId, "github"))?.userId).toBe(a.id)
      expect((await adapter.getAccount(providerAccountId, "gitlab"))?.userId).toBe(b.id)
    })

    it("a user may have several accounts", async () => {
      const adapter = context.adapter()
      const { user, account } = await createUserWithAccount(adapter)
      const second = newOAuthAccount(user.id, { provider: "google" })
      await adapter.linkAccount(second)
      for (const linked of [account, second]) {
        const owner = await adapter.getUserByAccount({
          provider: linked.provider,
          providerAccountId: linked.providerAccountId,
        })
        expect(owner?.id).toBe(user.id)
      }
    })

    it("unlinkAccount removes the account and keeps the user", async () => {
      const adapter = context.adapter()
      const { user, account } = await createUserWithAccount(adapter)
      await adapter.unlinkAccount({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
      })
      expect(await adapter.getAccount(account.providerAccountId, account.provider)).toBeNull()
      expect(
        await adapter.getUserByAccount({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
        }),
      ).toBeNull()
      expect(await adapter.getUser(user.id)).toEqual(user)
    })

    it("getAccount returns null for an unknown account or a different provider", async () => {
      const adapter = context.adapter()
      const { account } = await createUserWithAccount(adapter)
      expect(await adapter.getAccount(unique("unknown"), account.provider)).toBeNull()
      expect(await adapter.getAccount(account.providerAccountId, "gitlab")).toBeNull()
      // The arguments are (providerAccountId, provider), in that order.
      expect(await adapter.getAccount(account.provider, account.providerAccountId)).toBeNull()
    })
  })
}
