// The test every integration with `providers/<name>` subpaths runs: each subpath re-exports
// core's module of that name, every export of it, the very same objects.
import { describe, expect, it } from "vitest"
import { coreProviderModules } from "./write-provider-reexports.mjs"

type Module = Record<string, unknown>

/**
 * @param packageName `@auth/express`
 * @param load imports `<packageName>/providers/<name>` from the calling package (the published
 *   subpath of its build, as an app imports it) and `@auth/core/providers/<name>`
 */
export function describeProviderReexports(
  packageName: string,
  load: { ours(name: string): Promise<Module>; core(name: string): Promise<Module> },
): void {
  const modules = coreProviderModules()
  describe(`${packageName}/providers/<name>`, () => {
    it("offers every provider module of @auth/core", () => {
      expect(modules.length).toBeGreaterThanOrEqual(105)
    })

    it.each(modules)("%s: the same exports as core's module", async (name) => {
      // One after the other: Vitest's module runner may load a module twice when two imports
      // of it race.
      const ours = await load.ours(name)
      const core = await load.core(name)
      expect(Object.keys(ours).sort()).toEqual(Object.keys(core).sort())
      expect(ours.default).toBe(core.default)
    })
  })
}
