/**
 * Every published package ships what users get from Auth.js's: a README, the LICENSE its
 * `license` field names, `engines` for Node 20.19+, and types that resolve under
 * `moduleResolution: "node"` (node10, common in CommonJS apps), which ignores `exports`: there,
 * `typesVersions` must map every subpath to a declaration file. The packed-tarball test type-checks
 * a real app for the Express packages; this checks every package's manifest against its build.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const packagesDir = new URL("../../", import.meta.url).pathname

interface Manifest {
  name: string
  private?: boolean
  license?: string
  engines?: { node?: string }
  types?: string
  typesVersions?: Record<string, Record<string, string[]>>
  exports: Record<string, string | { types?: string }>
}

const published = readdirSync(packagesDir)
  .map((dir) => ({
    dir: join(packagesDir, dir),
    manifestPath: join(packagesDir, dir, "package.json"),
  }))
  .filter(({ manifestPath }) => existsSync(manifestPath))
  .map(({ dir, manifestPath }) => ({
    dir,
    manifest: JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest,
  }))
  .filter(({ manifest }) => !manifest.private)

/** What TypeScript's node10 resolution finds for `<name>/<subpath>` (`""` for the root). */
function resolveNode10(dir: string, manifest: Manifest, subpath: string): string | undefined {
  const mappings = manifest.typesVersions?.["*"]?.["*"] ?? []
  const target = subpath === "" ? (manifest.types ?? "index.d.ts").replace(/^\.\//, "") : subpath
  for (const mapping of mappings) {
    const mapped = join(dir, mapping.replace("*", target))
    for (const candidate of [mapped, `${mapped}.d.ts`, join(mapped, "index.d.ts")]) {
      if (candidate.endsWith(".d.ts") && existsSync(candidate)) return candidate
    }
  }
  return undefined
}

describe.each(published)("$manifest.name", ({ dir, manifest }) => {
  it("ships a README, the ISC LICENSE and engines >=20.19", () => {
    expect(existsSync(join(dir, "README.md"))).toBe(true)
    expect(manifest.license).toBe("ISC")
    expect(readFileSync(join(dir, "LICENSE"), "utf8")).toMatch(/^ISC License/)
    expect(manifest.engines?.node).toBe(">=20.19")
  })

  it("resolves the types of every subpath under moduleResolution node10", () => {
    const subpaths = Object.keys(manifest.exports)
      .filter((key) => key !== "./package.json")
      .map((key) => key.replace(/^\.\/?/, "").replace("*", firstProviderOf(dir)))
    for (const subpath of subpaths) {
      expect(resolveNode10(dir, manifest, subpath), `${manifest.name}/${subpath}`).toBeDefined()
    }
  })
})

/** A real module name for a `providers/*` wildcard: the first built provider. */
function firstProviderOf(dir: string): string {
  const providers = join(dir, "dist", "providers")
  if (!existsSync(providers)) return "github"
  return (
    readdirSync(providers)
      .find((file) => file.endsWith(".d.ts") && file !== "index.d.ts")
      ?.replace(/\.d\.ts$/, "") ?? "github"
  )
}
