import { readdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const coreProviders = fileURLToPath(new URL("../../core/src/providers/", import.meta.url))

/** Every provider module of @auth/core (its `src/providers/<name>.ts` but the index). */
const modules = readdirSync(coreProviders)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "index.ts")
  .map((file) => file.slice(0, -".ts".length))
  .sort()

describe("@auth/hono/providers/<name>", () => {
  it("offers every provider module of @auth/core", () => {
    expect(modules.length).toBeGreaterThanOrEqual(105)
  })

  it.each(modules)("%s re-exports @auth/core/providers/%s", async (name) => {
    // The published subpath (the built package), as an app imports it.
    const ours = (await import(/* @vite-ignore */ `@auth/hono/providers/${name}`)) as Record<
      string,
      unknown
    >
    const core = (await import(/* @vite-ignore */ `@auth/core/providers/${name}`)) as Record<
      string,
      unknown
    >
    expect(Object.keys(ours).sort()).toEqual(Object.keys(core).sort())
    expect(ours.default).toBe(core.default)
  })
})
