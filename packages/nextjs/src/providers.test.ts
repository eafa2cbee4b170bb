import { readdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const ours = join(import.meta.dirname, "providers")
const core = join(import.meta.dirname, "..", "..", "core", "src", "providers")

/** The provider modules of a `providers/` source folder, but its index and tests. */
function modulesIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".ts") && file !== "index.ts" && !file.endsWith(".test.ts"))
    .map((file) => file.slice(0, -".ts".length))
    .sort()
}

describe("next-auth/providers/*", () => {
  it("re-exports every provider of @auth/core, and nothing else", () => {
    expect(modulesIn(ours)).toEqual(modulesIn(core))
  })

  it("gives each provider factory as core does", async () => {
    const [ours, core] = await Promise.all([
      import("./providers/github.js"),
      import("@auth/core/providers/github"),
    ])
    expect(ours.default).toBe(core.default)
  })
})
