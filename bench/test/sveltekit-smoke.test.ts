/**
 * The smoke pass of the SvelteKit rows, as CI runs it: the hook workload verified and run for
 * both sides, and our SvelteKit 2 fixture's page (built by `pnpm build`) loaded a few times.
 * The fixture's second build, on the published @auth/sveltekit, is left to `pnpm bench`: CI
 * builds each app once. Nothing is timed.
 */
import { describe, expect, it } from "vitest"
import {
  fixtureSessionCookie,
  loadPage,
  oursUnavailable,
  startKitServer,
  verifyKitServer,
} from "../src/frameworks/sveltekit-apps.js"
import { prepareHookWorkload } from "../src/frameworks/sveltekit-hook.js"

describe("SvelteKit", () => {
  it("the handle hook and Auth() both answer GET /auth/session with the session", async () => {
    for (const runner of await prepareHookWorkload()) {
      await runner.verify()
      for (let i = 0; i < 3; i++) await runner.op()
    }
  })

  it("our SvelteKit 2 fixture's page shows the session under load", async () => {
    expect(oursUnavailable()).toBeUndefined()
    const server = await startKitServer("ours")
    try {
      const cookie = await fixtureSessionCookie()
      await verifyKitServer(server, cookie)
      const stats = await loadPage(server, cookie, { amount: 20 })
      expect(stats.errors).toBe(0)
      expect(stats.ops).toBe(20)
    } finally {
      await server.stop()
    }
  })
})
