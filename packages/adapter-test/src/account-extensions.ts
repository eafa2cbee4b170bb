import type { AdapterAccount } from "@auth/core/adapters"
import { describe, expect, it } from "vitest"
import { expectStored } from "./expect-stored.js"
import {
  type CompleteAdapter,
  type ContractContext,
  createUserWithAccount,
  newOAuthAccount,
  newUser,
  unique,
} from "./fixtures.js"

const PARALLEL_CALLS = 20

/** `updateAccount` when the adapter has it; an adapter written for Auth.js has not. */
type UpdateAccount = NonNullable<CompleteAdapter["updateAccount"]>

function updateAccountOf(adapter: CompleteAdapter): UpdateAccount | undefined {
  const method = adapter.updateAccount
  if (method === undefined) return undefined
  return async (account) => method.call(adapter, account)
}

/** The keys that find an account. */
function keysOf(account: AdapterAccount) {
  return { provider: account.provider, providerAccountId: account.providerAccountId }
}

/**
 * `updateAccount`, the addition beyond Auth.js's contract with which `getAccessToken` writes a
 * refreshed token set back to the account row. Checked when the adapter has it.
 */
export function describeAccountExtensions(context: ContractContext): void {
  describe("updateAccount (an addition beyond Auth.js)", () => {
    it("is a function or absent", () => {
      const method = context.adapter().updateAccount
      expect(method === undefined || typeof method === "function").toBe(true)
    })

    it("writes the token fields given, keeps the others, and returns the account as stored", async () => {
      const adapter = context.adapter()
      const updateAccount = updateAccountOf(adapter)
      if (!updateAccount) return
      const { account } = await createUserWithAccount(adapter)
      const refreshed = {
        access_token: unique("access"),
        expires_at: Math.floor(Date.now() / 1000) + 7200,
        token_type: "bearer" as const,
      }
      const updated = await updateAccount({ ...keysOf(account), ...refreshed })
      const expected = { ...account, ...refreshed }
      expectStored(updated, expected)
      expectStored(await adapter.getAccount(account.providerAccountId, account.provider), expected)
      expect(typeof updated?.expires_at).toBe("number")
    })

    it("replaces a rotated refresh token and keeps one left undefined", async () => {
      const adapter = context.adapter()
      const updateAccount = updateAccountOf(adapter)
      if (!updateAccount) return
      const { account } = await createUserWithAccount(adapter)
      const rotated = unique("refresh")
      await updateAccount({ ...keysOf(account), refresh_token: rotated })
      await updateAccount({ ...keysOf(account), access_token: "a", refresh_token: undefined })
      const found = await adapter.getAccount(account.providerAccountId, account.provider)
      expect(found?.refresh_token).toBe(rotated)
      expect(found?.access_token).toBe("a")
    })

    it("clears a field given as null", async () => {
      const adapter = context.adapter()
      const updateAccount = updateAccountOf(adapter)
      if (!updateAccount) return
      const { account } = await createUserWithAccount(adapter)
      const cleared = { id_token: null, session_state: null } as unknown as Partial<AdapterAccount>
      await updateAccount({ ...keysOf(account), ...cleared })
      const found = await adapter.getAccount(account.providerAccountId, account.provider)
      expect(found?.id_token ?? null).toBeNull()
      expect(found?.session_state ?? null).toBeNull()
      expect(found?.refresh_token).toBe(account.refresh_token)
    })

    it("never changes the account's user, type or keys, nor another account", async () => {
      const adapter = context.adapter()
      const updateAccount = updateAccountOf(adapter)
      if (!updateAccount) return
      const { user, account } = await createUserWithAccount(adapter)
      const other = await createUserWithAccount(adapter, (userId) =>
        newOAuthAccount(userId, {
          providerAccountId: account.providerAccountId,
          provider: "gitlab",
        }),
      )
      await updateAccount({
        ...keysOf(account),
        userId: other.user.id,
        type: "oidc",
        access_token: "new",
      })
      const found = await adapter.getAccount(account.providerAccountId, account.provider)
      expect(found?.userId).toBe(user.id)
      expect(found?.type).toBe(account.type)
      expect(found?.access_token).toBe("new")
      expectStored(
        await adapter.getAccount(other.account.providerAccountId, "gitlab"),
        other.account,
      )
    })

    it("returns null for an unknown account and creates none", async () => {
      const adapter = context.adapter()
      const updateAccount = updateAccountOf(adapter)
      if (!updateAccount) return
      const providerAccountId = unique("nobody")
      expect(
        await updateAccount({ provider: "github", providerAccountId, access_token: "x" }),
      ).toBeNull()
      expect(await adapter.getAccount(providerAccountId, "github")).toBeNull()
    })

    it(`keeps one of ${PARALLEL_CALLS} concurrent writes whole`, async () => {
      const adapter = context.adapter()
      const updateAccount = updateAccountOf(adapter)
      if (!updateAccount) return
      const { account } = await createUserWithAccount(adapter)
      const writes = Array.from({ length: PARALLEL_CALLS }, (_, index) => ({
        access_token: `access-${index}`,
        refresh_token: `refresh-${index}`,
      }))
      await Promise.all(writes.map((write) => updateAccount({ ...keysOf(account), ...write })))
      const found = await adapter.getAccount(account.providerAccountId, account.provider)
      // Never the access token of one write with the refresh token of another.
      expect(writes).toContainEqual({
        access_token: found?.access_token,
        refresh_token: found?.refresh_token,
      })
    })
  })

  describe("createUserAndAccount (an addition beyond Auth.js)", () => {
    it("is a function or absent", () => {
      const method = context.adapter().createUserAndAccount
      expect(method === undefined || typeof method === "function").toBe(true)
    })

    it("creates the user and links the account, and returns the user as stored", async () => {
      const adapter = context.adapter()
      if (!adapter.createUserAndAccount) return
      const { userId: _userId, ...account } = newOAuthAccount("")
      const user = await adapter.createUserAndAccount(newUser(), account)
      expectStored(await adapter.getUser(user.id), user)
      expectStored(await adapter.getUserByAccount(keysOf({ ...account, userId: user.id })), user)
      expectStored(await adapter.getAccount(account.providerAccountId, account.provider), {
        ...account,
        userId: user.id,
      })
    })

    it("creates neither when the account cannot be linked (it is another user's)", async () => {
      const adapter = context.adapter()
      if (!adapter.createUserAndAccount) return
      const { account: taken } = await createUserWithAccount(adapter)
      const { userId: _userId, ...account } = taken
      const user = newUser()
      await expect(adapter.createUserAndAccount(user, account)).rejects.toThrow()
      expect(await adapter.getUserByEmail(user.email)).toBeNull()
    })
  })
}
