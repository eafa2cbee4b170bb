/**
 * Switching is a dependency change: the published adapters, installed from npm as they are,
 * load our `@auth/core` (the workspace package) where they import `@auth/core/adapters`, not
 * the `@auth/core` release they depend on. The workspace's pnpm `overrides` point their
 * dependency at ours, as an app's package manager would; these tests check that it took.
 */
import { realpathSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import type { Adapter } from "@auth/core/adapters"
import type { DrizzleAdapter } from "@auth/drizzle-adapter"
import type { KyselyAdapter } from "@auth/kysely-adapter"
import { describe, expect, expectTypeOf, it } from "vitest"
import type { PublishedAdapter } from "./adapters.js"

const PACKAGE_DIR = dirname(import.meta.dirname)
const CORE_DIR = realpathSync(join(PACKAGE_DIR, "..", "core"))

/** Where `@auth/core/adapters` resolves from inside the installed `adapter`, as Node finds it. */
function coreAdaptersSeenBy(adapter: PublishedAdapter): string {
  const installed = realpathSync(join(PACKAGE_DIR, "node_modules", adapter))
  return realpathSync(createRequire(join(installed, "package.json")).resolve("@auth/core/adapters"))
}

describe("the published adapters load our @auth/core", () => {
  it.each(["@auth/drizzle-adapter", "@auth/kysely-adapter"] as const)(
    "%s resolves @auth/core/adapters to the workspace's core",
    (adapter) => {
      expect(coreAdaptersSeenBy(adapter)).toBe(join(CORE_DIR, "dist", "adapters.js"))
      // And so do their declarations, for TypeScript: what they return is our `Adapter` type, not
      // another copy's or `any` (checked by `tsc --noEmit`, the typecheck task).
      expectTypeOf<ReturnType<typeof DrizzleAdapter>>().toEqualTypeOf<Adapter>()
      expectTypeOf<ReturnType<typeof KyselyAdapter>>().toEqualTypeOf<Adapter>()
    },
  )
})
