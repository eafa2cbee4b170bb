import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { authIntegration } from "./integration.js"
import type { VirtualConfigPlugin } from "./virtual-config.js"

/** What the integration did in `astro:config:setup`. */
interface Setup {
  routes: Array<{ pattern: string; entrypoint: string | URL; prerender?: boolean }>
  plugins: VirtualConfigPlugin[]
  noExternal: unknown
  warnings: string[]
}

let root: string

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "auth-astro-"))
  writeFileSync(join(root, "auth.config.ts"), "export default { providers: [] }\n")
  writeFileSync(join(root, "custom.mjs"), "export default { providers: [] }\n")
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Runs the integration's setup hook the way Astro calls it. */
function setUp(integration: ReturnType<typeof authIntegration>, adapter?: object): Setup {
  const setup: Setup = { routes: [], plugins: [], noExternal: undefined, warnings: [] }
  const hook = integration.hooks["astro:config:setup"] as unknown as (params: object) => void
  hook({
    config: { root: pathToFileURL(`${root}/`), adapter },
    injectRoute: (route: Setup["routes"][number]) => setup.routes.push(route),
    updateConfig: (config: {
      vite: { plugins: VirtualConfigPlugin[]; ssr: { noExternal: unknown } }
    }) => {
      setup.plugins.push(...config.vite.plugins)
      setup.noExternal = config.vite.ssr.noExternal
    },
    logger: { warn: (message: string) => setup.warnings.push(message) },
  })
  return setup
}

describe("the integration", () => {
  it("serves the auth routes at /api/auth, rendered on demand, by default", () => {
    const setup = setUp(authIntegration(), { name: "@astrojs/node" })
    expect(setup.routes).toHaveLength(1)
    const [route] = setup.routes
    expect(route?.pattern).toBe("/api/auth/[...auth]")
    expect(String(route?.entrypoint)).toMatch(/\/endpoint\.js$/)
    expect(route?.prerender).toBe(false)
    expect(setup.warnings).toEqual([])
    expect(setup.noExternal).toEqual(["@auth/astro"])
  })

  it("serves them at the prefix, normalized, and tells the server code where", () => {
    const setup = setUp(authIntegration({ prefix: "custom/auth/" }), {})
    expect(setup.routes[0]?.pattern).toBe("/custom/auth/[...auth]")
    const plugin = setup.plugins[0]
    const id = plugin?.resolveId("auth:config")
    expect(id).toBe("\0auth:config")
    const code = plugin?.load(id ?? "") ?? ""
    expect(code).toContain(
      `export { default } from ${JSON.stringify(join(root, "auth.config.ts"))}`,
    )
    expect(code).toContain('"prefix":"/custom/auth"')
    expect(plugin?.resolveId("other")).toBeUndefined()
  })

  it("injects no route with injectEndpoints: false, and still provides auth:config", () => {
    const setup = setUp(authIntegration({ injectEndpoints: false }), {})
    expect(setup.routes).toEqual([])
    expect(setup.plugins[0]?.load("\0auth:config")).toContain('"injectEndpoints":false')
  })

  it("reads another config file when configFile names one", () => {
    const setup = setUp(authIntegration({ configFile: "./custom.mjs" }), {})
    expect(setup.plugins[0]?.load("\0auth:config")).toContain(join(root, "custom.mjs"))
  })

  it("warns clearly when the site has no server adapter", () => {
    const setup = setUp(authIntegration())
    expect(setup.warnings).toHaveLength(1)
    expect(setup.warnings[0]).toMatch(/no server adapter.*npx astro add node/)
  })

  it("fails with what to create when the config file is missing", () => {
    expect(() => setUp(authIntegration({ configFile: "./missing.config" }), {})).toThrow(
      /no auth config at \.\/missing\.config.*Create auth\.config\.ts/,
    )
  })

  it("refuses a prefix that is not a path when the integration is created", () => {
    expect(() => authIntegration({ prefix: "/" })).toThrow(/not a path/)
  })
})
