/**
 * The smoke pass of the SolidStart rows, as CI runs it: the example app's build (made by
 * `pnpm build`) in the contract's mode, each route of the rows verified and loaded a few times.
 * Nothing is timed.
 */
import { describe, expect, it } from "vitest"
import {
  contractSessionCookie,
  exampleUnavailable,
  pathOf,
  startExample,
  verifyPath,
} from "../src/frameworks/solid-start.js"
import { load } from "../src/http.js"

describe("SolidStart", () => {
  it("auth() on /me, SolidAuth's route and the direct Auth() route answer with the session", async () => {
    expect(exampleUnavailable()).toBeUndefined()
    const app = await startExample()
    try {
      const cookie = await contractSessionCookie()
      for (const path of ["/me", "/api/auth/session", "/bench/direct-session"]) {
        const server = pathOf(app.baseUrl, path, "ours")
        await verifyPath(server, cookie)
        const stats = await load(server, cookie, { amount: 20 }, "")
        expect(stats.errors).toBe(0)
        expect(stats.ops).toBe(20)
      }
    } finally {
      await app.close()
    }
  })
})
