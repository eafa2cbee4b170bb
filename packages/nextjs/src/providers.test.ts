import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
// @ts-expect-error a plain ESM script without types
import { coreProviderIds, providerSource } from "../scripts/write-providers.mjs"

const ours = join(import.meta.dirname, "providers")

describe("next-auth/providers/*", () => {
  it("re-exports every provider of @auth/core, and nothing else (pnpm --filter next-auth providers)", () => {
    const files = readdirSync(ours)
      .filter((file) => file !== "index.ts" && !file.endsWith(".test.ts"))
      .map((file) => file.slice(0, -".ts".length))
      .sort()
    expect(files).toEqual(coreProviderIds())
    for (const id of files) {
      expect(readFileSync(join(ours, `${id}.ts`), "utf8")).toBe(providerSource(id))
    }
  })

  it("gives each provider factory as core does", async () => {
    const [ours, core] = await Promise.all([
      import("./providers/github.js"),
      import("@auth/core/providers/github"),
    ])
    expect(ours.default).toBe(core.default)
  })
})
