import type { VerificationToken } from "@auth/core/adapters"
import { describe, expect, it } from "vitest"
import { type ContractContext, dateFromNow, newVerificationToken, unique } from "./fixtures.js"

/** Exactly what core passes to `useVerificationToken`: no `expires`. */
function lookup({ identifier, token }: VerificationToken): { identifier: string; token: string } {
  return { identifier, token }
}

/** createVerificationToken, useVerificationToken. */
export function describeVerificationTokens(context: ContractContext): void {
  describe("verification tokens", () => {
    it("createVerificationToken stores the token", async () => {
      const input = newVerificationToken()
      const created = await context.adapter().createVerificationToken(input)
      // Auth.js lets this return nothing; when it returns, it returns the token.
      if (created != null) expect(created).toEqual(input)
    })

    it("useVerificationToken returns the token and deletes it", async () => {
      const adapter = context.adapter()
      const input = newVerificationToken()
      await adapter.createVerificationToken(input)
      const used = await adapter.useVerificationToken(lookup(input))
      expect(used).toEqual(input)
      expect(used?.expires).toBeInstanceOf(Date)
      expect(await adapter.useVerificationToken(lookup(input))).toBeNull()
    })

    it("useVerificationToken returns an expired token with its expiry (core checks it)", async () => {
      const adapter = context.adapter()
      const input = newVerificationToken({ expires: dateFromNow(-60_000) })
      await adapter.createVerificationToken(input)
      expect(await adapter.useVerificationToken(lookup(input))).toEqual(input)
    })

    it("useVerificationToken returns null for an unknown token", async () => {
      const adapter = context.adapter()
      const input = newVerificationToken()
      expect(await adapter.useVerificationToken(lookup(input))).toBeNull()
    })

    it("useVerificationToken with the wrong identifier returns null and keeps the token", async () => {
      const adapter = context.adapter()
      const input = newVerificationToken()
      await adapter.createVerificationToken(input)
      const wrong = { identifier: `${unique("other")}@example.com`, token: input.token }
      expect(await adapter.useVerificationToken(wrong)).toBeNull()
      expect(await adapter.useVerificationToken(lookup(input))).toEqual(input)
    })

    it("the same token value under two identifiers are two tokens", async () => {
      const adapter = context.adapter()
      const first = newVerificationToken()
      const second = newVerificationToken({ token: first.token })
      await adapter.createVerificationToken(first)
      await adapter.createVerificationToken(second)
      expect(await adapter.useVerificationToken(lookup(first))).toEqual(first)
      expect(await adapter.useVerificationToken(lookup(second))).toEqual(second)
    })
  })
}
