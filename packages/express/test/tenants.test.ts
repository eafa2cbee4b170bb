/**
 * `ExpressAuth` at a mount path with parameters (`/:tenant/auth`): one config copy per tenant,
 * made once (up to `MAX_MOUNT_PATHS` tenants) and cheap to make again beyond that.
 */
import { afterEach, describe, expect, it } from "vitest"
import { ExpressAuth } from "../src/index.js"
import { EXPRESS_VERSIONS } from "./app.js"
import { type Running, serve, testConfig } from "./support.js"

const [, express5] = EXPRESS_VERSIONS[0]!

/** How many mount paths core's `prepareConfig` keeps a prepared copy of one config for. */
const MAX_MOUNT_PATHS = 1000

let running: Running | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/**
 * A tenant app whose config has `debug: true`: core warns `debug-enabled` each time it resolves
 * a config, so the warnings count the resolutions.
 */
async function tenantApp() {
  const { config, warnings } = testConfig({ debug: true })
  running = await serve(express5, (app) => app.use("/:tenant/auth", ExpressAuth(config)))
  const resolutions = () => warnings.filter((code) => code === "debug-enabled").length
  return { running, resolutions }
}

describe("ExpressAuth mounted at /:tenant/auth", () => {
  it("resolves each tenant's config once, however many tenants and requests", async () => {
    const { running, resolutions } = await tenantApp()
    const atStartup = resolutions()
    expect(atStartup).toBe(1)
    for (let round = 0; round < 3; round++) {
      for (let tenant = 0; tenant < 60; tenant++) {
        const response = await running.client.fetch(`/t${tenant}/auth/session`)
        expect(response.status).toBe(200)
      }
    }
    expect(resolutions()).toBe(atStartup + 60)
  })

  it(`keeps at most ${MAX_MOUNT_PATHS} tenants: the least recently used is made again`, async () => {
    const { running, resolutions } = await tenantApp()
    for (let tenant = 0; tenant <= MAX_MOUNT_PATHS; tenant++) {
      await running.client.fetch(`/t${tenant}/auth/session`)
    }
    const afterAll = resolutions()
    // t1..t1000 are kept; t0 was dropped and is made again on its next request.
    await running.client.fetch(`/t${MAX_MOUNT_PATHS}/auth/session`)
    expect(resolutions()).toBe(afterAll)
    const response = await running.client.fetch("/t0/auth/providers")
    const providers = (await response.json()) as Record<string, { signinUrl: string }>
    expect(providers.credentials?.signinUrl).toBe(`${running.baseUrl}/t0/auth/signin/credentials`)
    expect(resolutions()).toBe(afterAll + 1)
  })
})
