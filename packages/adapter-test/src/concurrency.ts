import { describe, expect, it } from "vitest"
import { expectStored } from "./expect-stored.js"
import {
  type ContractContext,
  newSession,
  newUser,
  newVerificationToken,
  withoutSessionManagement,
} from "./fixtures.js"

const PARALLEL_CALLS = 20

/** Behaviour under concurrent calls, as a busy server makes them. */
export function describeConcurrency(context: ContractContext): void {
  describe("concurrency", () => {
    it(`one verification token used by ${PARALLEL_CALLS} concurrent calls is returned once`, async () => {
      const adapter = context.adapter()
      const input = newVerificationToken()
      await adapter.createVerificationToken(input)
      const lookup = { identifier: input.identifier, token: input.token }
      const results = await Promise.all(
        Array.from({ length: PARALLEL_CALLS }, async () => adapter.useVerificationToken(lookup)),
      )
      const winners = results.filter((result) => result !== null)
      expect(winners).toEqual([input])
    })

    it(`${PARALLEL_CALLS} concurrent createSession and getSessionAndUser calls all succeed`, async () => {
      const adapter = context.adapter()
      const user = await adapter.createUser(newUser())
      const inputs = Array.from({ length: PARALLEL_CALLS }, () => newSession(user.id))
      const found = await Promise.all(
        inputs.map(async (input) => {
          await adapter.createSession(input)
          return adapter.getSessionAndUser(input.sessionToken)
        }),
      )
      for (const [index, input] of inputs.entries()) {
        expectStored(withoutSessionManagement(found[index]?.session), input)
        expect(found[index]?.user).toEqual(user)
      }
    })

    it(`${PARALLEL_CALLS} concurrent createUser calls get distinct ids`, async () => {
      const adapter = context.adapter()
      const users = await Promise.all(
        Array.from({ length: PARALLEL_CALLS }, async () => adapter.createUser(newUser())),
      )
      expect(new Set(users.map((user) => user.id)).size).toBe(PARALLEL_CALLS)
    })
  })
}
