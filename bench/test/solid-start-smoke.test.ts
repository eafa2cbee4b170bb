/**
 * The smoke pass of the SolidStart rows, as CI runs it: the bench's own app (`bench/apps/solid-start`,
 * built by `pnpm build`), each route of the rows verified and loaded a few times. Nothing is timed.
 */
import { describe, expect, it } from "vitest"
import {
  appUnavailable,
  pathOf,
  sessionCookie,
  startApp,
  verifyPath,
} from "../src/frameworks/solid-start.js"
import { load } from "../src/http.js"

describe("SolidStart", () => {
  it("auth() on /me, SolidAuth's route and the direct Auth() route answer with the session", async () => {
    expect(appUnavailable()).toBeUndefined()
    const app = await startApp()
    try {
      const cookie = await sessionCookie()
      for (const path of ["/me", "/api/auth/session", "/direct-session"]) {
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
