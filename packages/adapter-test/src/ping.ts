import { describe, expect, it } from "vitest"
import type { ContractContext } from "./fixtures.js"

/**
 * `ping`, the addition beyond Auth.js's contract that `GET <basePath>/health` calls to tell a
 * load balancer whether the database answers. Checked when the adapter has it.
 */
export function describePing(context: ContractContext): void {
  describe("ping (an addition beyond Auth.js)", () => {
    it("is a function or absent", () => {
      const method = context.adapter().ping
      expect(method === undefined || typeof method === "function").toBe(true)
    })

    it("resolves, with nothing, while the database answers; again and again, in parallel", async () => {
      const adapter = context.adapter()
      if (adapter.ping === undefined) return
      await expect(adapter.ping()).resolves.toBeUndefined()
      const all = await Promise.all(Array.from({ length: 10 }, () => adapter.ping!()))
      expect(all).toEqual(Array.from({ length: 10 }, () => undefined))
    })
  })
}
