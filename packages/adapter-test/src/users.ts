import { describe, expect, it } from "vitest"
import { expectId } from "./expect-stored.js"
import {
  type ContractContext,
  createUserWithAccount,
  createWebAuthnUser,
  dateFromNow,
  newAuthenticator,
  newSession,
  newUser,
} from "./fixtures.js"

/** createUser, getUser, getUserByEmail, getUserByAccount, updateUser, deleteUser. */
export function describeUsers(context: ContractContext): void {
  describe("users", () => {
    it("createUser stores the user and returns it with its id (a string or a number)", async () => {
      const input = newUser({ emailVerified: dateFromNow(0) })
      const user = await context.adapter().createUser(input)
      // The id is the store's: it may keep core's random UUID or assign its own, of either type.
      expectId(user.id)
      expect(user).toEqual({ ...input, id: user.id })
      expect(user.emailVerified).toBeInstanceOf(Date)
    })

    it("createUser gives each user a distinct id", async () => {
      const a = await context.adapter().createUser(newUser())
      const b = await context.adapter().createUser(newUser())
      expect(a.id).not.toBe(b.id)
    })

    it("createUser rejects a second user with the same e-mail", async () => {
      const user = await context.adapter().createUser(newUser())
      await expect(
        Promise.resolve(context.adapter().createUser(newUser({ email: user.email }))),
      ).rejects.toThrow()
    })

    it("getUser returns the stored user", async () => {
      const user = await context.adapter().createUser(newUser())
      expect(await context.adapter().getUser(user.id)).toEqual(user)
    })

    it("getUser returns null for an unknown id", async () => {
      expect(await context.adapter().getUser(crypto.randomUUID())).toBeNull()
    })

    it("getUserByEmail returns the user with that e-mail", async () => {
      const user = await context.adapter().createUser(newUser())
      expect(await context.adapter().getUserByEmail(user.email)).toEqual(user)
    })

    it("getUserByEmail returns null for an unknown e-mail", async () => {
      expect(await context.adapter().getUserByEmail(newUser().email)).toBeNull()
    })

    it("getUserByAccount returns the user an account is linked to", async () => {
      const { user, account } = await createUserWithAccount(context.adapter())
      const found = await context.adapter().getUserByAccount({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
      })
      expect(found).toEqual(user)
    })

    it("getUserByAccount returns null for an unknown account", async () => {
      const { account } = await createUserWithAccount(context.adapter())
      const adapter = context.adapter()
      expect(
        await adapter.getUserByAccount({ provider: "github", providerAccountId: "unknown" }),
      ).toBeNull()
      expect(
        await adapter.getUserByAccount({
          provider: "gitlab",
          providerAccountId: account.providerAccountId,
        }),
      ).toBeNull()
    })

    it("updateUser changes the given fields and keeps the others", async () => {
      const user = await context.adapter().createUser(newUser())
      const emailVerified = dateFromNow(0)
      const updated = await context.adapter().updateUser({ id: user.id, emailVerified })
      expect(updated).toEqual({ ...user, emailVerified })
      expect(await context.adapter().getUser(user.id)).toEqual(updated)

      const renamed = await context.adapter().updateUser({ id: user.id, name: "Grace Hopper" })
      expect(renamed).toEqual({ ...user, emailVerified, name: "Grace Hopper" })
    })

    it("updateUser can change the e-mail, after which the old one finds nobody", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const email = newUser().email
      await adapter.updateUser({ id: user.id, email })
      expect((await adapter.getUserByEmail(email))?.id).toBe(user.id)
      expect(await adapter.getUserByEmail(user.email)).toBeNull()
    })

    it("updateUser rejects an unknown id", async () => {
      await expect(
        Promise.resolve(context.adapter().updateUser({ id: crypto.randomUUID(), name: "x" })),
      ).rejects.toThrow()
    })

    it("deleteUser removes the user", async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      await adapter.deleteUser(user.id)
      expect(await adapter.getUser(user.id)).toBeNull()
      expect(await adapter.getUserByEmail(user.email)).toBeNull()
    })

    it("deleteUser deletes the user's sessions, accounts and authenticators", async () => {
      const adapter = context.adapter()
      const { user, account } = await createWebAuthnUser(adapter)
      const session = await adapter.createSession(newSession(user.id))
      const authenticators = [
        await adapter.createAuthenticator(newAuthenticator(user.id, account.providerAccountId)),
        await adapter.createAuthenticator(newAuthenticator(user.id, account.providerAccountId)),
      ]
      const other = await createWebAuthnUser(adapter)
      const otherSession = await adapter.createSession(newSession(other.user.id))
      const otherAuthenticator = await adapter.createAuthenticator(
        newAuthenticator(other.user.id, other.account.providerAccountId),
      )

      await adapter.deleteUser(user.id)

      expect(await adapter.getSessionAndUser(session.sessionToken)).toBeNull()
      expect(await adapter.getAccount(account.providerAccountId, account.provider)).toBeNull()
      expect(
        await adapter.getUserByAccount({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
        }),
      ).toBeNull()
      for (const authenticator of authenticators) {
        expect(await adapter.getAuthenticator(authenticator.credentialID)).toBeNull()
      }
      expect(await adapter.listAuthenticatorsByUserId(user.id)).toEqual([])
      // Another user's data is untouched.
      expect(await adapter.getSessionAndUser(otherSession.sessionToken)).not.toBeNull()
      expect(
        await adapter.getAccount(other.account.providerAccountId, other.account.provider),
      ).not.toBeNull()
      expect(await adapter.listAuthenticatorsByUserId(other.user.id)).toEqual([otherAuthenticator])
    })

    it("deleteUser of an unknown id resolves", async () => {
      const deleted = await context.adapter().deleteUser(crypto.randomUUID())
      expect(deleted ?? null).toBeNull()
    })
  })
}
