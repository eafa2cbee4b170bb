/**
 * The packed packages installed as users install them: `pnpm pack` of each published package
 * (workspace links become versions), then one `npm install` outside the workspace into a folder
 * that is an npm workspace root. The root is a small Express app that packed.test.ts type-checks;
 * its workspaces are the switch-over fixtures (`fixtures/<name>`), apps written for Auth.js whose
 * only change is their dependencies: every package of ours they name points to our tarball.
 */
import { execFile } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { cleanEnv } from "./processes.js"
import { scaled } from "./timeouts.js"

const run = promisify(execFile)

const WORKSPACE = fileURLToPath(new URL("../../../../", import.meta.url))
const FIXTURES = fileURLToPath(new URL("../../fixtures/", import.meta.url))

/** The published packages, with the last version Auth.js published of each. */
export const PUBLISHED = [
  { dir: "core", name: "@auth/core", authjs: "0.41.3" },
  { dir: "express", name: "@auth/express", authjs: "0.12.3" },
  { dir: "adapter-pg", name: "@auth/pg-adapter", authjs: "1.11.3" },
  { dir: "nextjs", name: "next-auth", authjs: "5.0.0-beta.32" },
  { dir: "sveltekit", name: "@auth/sveltekit", authjs: "1.11.3" },
] as const

/** The switch-over fixtures, each a folder of `fixtures/` and a workspace of the app. */
export const FIXTURE_APPS = ["express", "nextjs", "sveltekit"] as const
export type FixtureApp = (typeof FIXTURE_APPS)[number]

/** What the global setup hands the tests. */
export interface PackedApp {
  /** The npm workspace root; the fixtures are in `apps/<name>`. */
  readonly dir: string
  /** Package name → absolute path of its tarball. */
  readonly tarballs: Readonly<Record<string, string>>
}

declare module "vitest" {
  export interface ProvidedContext {
    packedApp: PackedApp
  }
}

/** The folder of a fixture inside the installed app. */
export function fixtureDir(app: PackedApp, name: FixtureApp): string {
  return join(app.dir, "apps", name)
}

/** Packs every published package and installs the tarballs with the fixtures in a new folder. */
export async function createPackedApp(): Promise<PackedApp> {
  const dir = mkdtempSync(join(tmpdir(), "auth-packed-app-"))
  try {
    const tarballs = await packAll(join(dir, "tarballs"))
    writeRootManifest(dir, tarballs)
    for (const name of FIXTURE_APPS) copyFixture(name, join(dir, "apps", name), tarballs)
    await run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
      {
        cwd: dir,
        env: cleanEnv(),
        maxBuffer: 64 * 1024 * 1024,
        timeout: scaled(480_000),
      },
    )
    return { dir, tarballs }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

async function packAll(destination: string): Promise<Record<string, string>> {
  mkdirSync(destination)
  const packed = await Promise.all(
    PUBLISHED.map(async (pkg) => {
      const { stdout } = await run("pnpm", ["pack", "--pack-destination", destination], {
        cwd: join(WORKSPACE, "packages", pkg.dir),
        timeout: scaled(120_000),
      })
      const tarball = stdout.trim().split("\n").at(-1)?.trim() ?? ""
      if (!tarball.endsWith(".tgz")) throw new Error(`pnpm pack of ${pkg.name} printed: ${stdout}`)
      return [pkg.name, tarball] as const
    }),
  )
  return Object.fromEntries(packed)
}

/** The root app: an Express app's dependencies, and the fixtures as its workspaces. */
function writeRootManifest(dir: string, tarballs: Record<string, string>): void {
  const core = `file:${tarballs["@auth/core"]}`
  const manifest = {
    name: "packed-app",
    private: true,
    type: "module",
    workspaces: FIXTURE_APPS.map((name) => `apps/${name}`),
    dependencies: {
      "@auth/core": core,
      "@auth/express": `file:${tarballs["@auth/express"]}`,
      "@auth/pg-adapter": `file:${tarballs["@auth/pg-adapter"]}`,
      express: "^5.1.0",
      pg: "^8.16.0",
    },
    devDependencies: {
      "@types/express": "^5.0.3",
      "@types/node": "^20.19.0",
      "@types/pg": "^8.15.0",
      typescript: "5.9.3",
    },
    // Our packages depend on `@auth/core` by version: it must be the packed one, not npm's.
    overrides: { "@auth/core": core },
  }
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`)
}

/** Copies a fixture and points every dependency on a package of ours at its tarball. */
function copyFixture(name: FixtureApp, target: string, tarballs: Record<string, string>): void {
  const source = join(FIXTURES, name)
  const generated = new Set(["node_modules", ".next", ".svelte-kit", "build", "next-env.d.ts"])
  cpSync(source, target, { recursive: true, filter: (path) => !generated.has(basename(path)) })
  const manifestPath = join(target, "package.json")
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  let switched = 0
  for (const section of [manifest.dependencies, manifest.devDependencies]) {
    for (const dependency of Object.keys(section ?? {})) {
      const tarball = tarballs[dependency]
      if (section && tarball) {
        section[dependency] = `file:${tarball}`
        switched++
      }
    }
  }
  if (switched === 0) throw new Error(`fixtures/${name} depends on none of our packages.`)
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
}
