/**
 * Providers stay tree-shakable: an app's bundle gets only the providers it imports, and GitHub
 * adds less than 3 kB (min+gzip) to an app with `Auth()` and no provider. Bundled with the
 * bench's esbuild setup (an edge bundler's settings): sizes from the built package, the parts
 * from the sources. Sizes, not timings: nothing here is timed.
 */
import { describe, expect, it } from "vitest"
import type { BundleEntry } from "../src/bundle-entry.js"
import { bundleParts, bundleSize } from "../src/bundles.js"

/** An entry with `Auth()` and the given providers, for ours and Auth.js. */
function appWith(providers: Record<string, string>): BundleEntry {
  const source = (pkg: string) => {
    const imports = Object.entries(providers)
      .map(([name, module]) => `import ${name} from "${pkg}/providers/${module}"`)
      .join("\n")
    return `import { Auth } from "${pkg}"
${imports}
export default (request, secret) =>
  Auth(request, { secret, trustHost: true, providers: [${Object.keys(providers).join(", ")}] })`
  }
  return {
    id: `bundle-providers-${Object.values(providers).join("-") || "none"}`,
    title: "providers",
    source: { ours: source("@auth/core"), authjs: source("authjs-core") },
  }
}

/** The provider modules of our sources a bundle contains. */
async function providerModules(entry: BundleEntry): Promise<string[]> {
  const parts = await bundleParts(entry, "ours")
  return parts
    .map((part) => /^src\/providers\/([^/]+)\.ts$/.exec(part.part)?.[1])
    .filter((module): module is string => module !== undefined)
    .sort()
}

describe("importing a provider adds only that provider", () => {
  it("GitHub adds less than 3 kB min+gzip to an app without providers", async () => {
    const [without, withGitHub] = await Promise.all([
      bundleSize(appWith({}), "ours"),
      bundleSize(appWith({ GitHub: "github" }), "ours"),
    ])
    expect(withGitHub.gzipBytes - without.gzipBytes).toBeLessThan(3 * 1024)
  })

  it.each([
    [{ GitHub: "github" }, ["github"]],
    [{ WeChat: "wechat" }, ["wechat"]],
    [{ Resend: "resend" }, ["resend"]],
    [{ Notion: "notion", Google: "google" }, ["google", "notion"]],
    [{ AzureAD: "azure-ad" }, ["azure-ad", "microsoft-entra-id"]],
  ])("%o brings only its own modules", async (providers, expected) => {
    expect(await providerModules(appWith(providers))).toEqual(expected)
  })
})
