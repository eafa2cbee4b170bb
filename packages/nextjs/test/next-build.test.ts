// `next build` of test/fixtures/typed-app against the built package, with Next.js 16 and 15: the
// build's type check (the app, and the route checks Next.js generates in `.next/types`) must
// accept every form of `auth` Auth.js documents.
import { spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url))
const FIXTURE_DIR = join(PACKAGE_DIR, "test", "fixtures", "typed-app")
/** The workspace's Next.js 15 is the one the Next.js 15 fixture app depends on. */
const NEXT15_APP = fileURLToPath(new URL("../../../apps/fixtures/next15/", import.meta.url))
const BUILD_TIMEOUT_MS = scaled(300_000)

interface NextVersion {
  readonly major: 15 | 16
  /** Where `next` is resolved from. */
  readonly from: string
  /** The entry file of the other version, left out of the copy. */
  readonly otherEntry: string
  readonly buildArgs: readonly string[]
  /** What the build prints when it runs TypeScript. */
  readonly typeCheckStep: string
}

const VERSIONS: readonly NextVersion[] = [
  {
    major: 16,
    from: PACKAGE_DIR,
    otherEntry: "middleware.ts",
    // webpack also writes the per-route checks (`.next/types/app/**`) next to validator.ts, and
    // resolves the linked packages outside the app's folder, where Turbopack's root ends.
    buildArgs: ["--webpack"],
    typeCheckStep: "Running TypeScript",
  },
  {
    major: 15,
    from: NEXT15_APP,
    otherEntry: "proxy.ts",
    buildArgs: ["--no-lint"],
    typeCheckStep: "Checking validity of types",
  },
]

const builtApps: string[] = []
afterAll(() => {
  for (const dir of builtApps) rmSync(dir, { recursive: true, force: true })
})

describe("next build type-checks every form of auth", () => {
  for (const version of VERSIONS) {
    it(
      `with Next.js ${version.major}`,
      async () => {
        const dir = copyFixture(version)
        builtApps.push(dir)
        const { code, output } = await run(
          process.execPath,
          [join(dir, "node_modules", "next", "dist", "bin", "next"), "build", ...version.buildArgs],
          dir,
        )
        expect(output).toContain(`Next.js ${version.major}.`)
        expect(output).toContain(version.typeCheckStep)
        expect(code, output).toBe(0)
      },
      BUILD_TIMEOUT_MS,
    )
  }
})

/**
 * Copies the fixture to a fresh folder, without the other version's middleware entry, and links
 * what it imports: `next-auth` is this package (its `dist`), `next` the version under test.
 */
function copyFixture(version: NextVersion): string {
  if (!existsSync(join(PACKAGE_DIR, "dist", "index.d.ts"))) {
    throw new Error("next-auth is not built: run `pnpm build` in packages/nextjs first.")
  }
  if (!existsSync(join(version.from, "package.json"))) {
    throw new Error(`${version.from} is missing: it provides Next.js ${version.major}.`)
  }
  const dir = mkdtempSync(join(tmpdir(), `next-auth-typed-app-${version.major}-`))
  cpSync(FIXTURE_DIR, dir, { recursive: true })
  rmSync(join(dir, version.otherEntry))
  const fromPackage = createRequire(join(PACKAGE_DIR, "package.json"))
  const fromVersion = createRequire(join(version.from, "package.json"))
  const links: Record<string, string> = {
    next: packageDir(fromVersion, "next"),
    "next-auth": PACKAGE_DIR,
    react: packageDir(fromPackage, "react"),
    "react-dom": packageDir(fromPackage, "react-dom"),
    typescript: packageDir(
      createRequire(join(PACKAGE_DIR, "..", "..", "package.json")),
      "typescript",
    ),
    "@types/node": packageDir(fromPackage, "@types/node"),
    "@types/react": packageDir(fromPackage, "@types/react"),
    "@types/react-dom": packageDir(fromPackage, "@types/react-dom"),
  }
  for (const [name, target] of Object.entries(links)) {
    const link = join(dir, "node_modules", name)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(target, link, "dir")
  }
  return dir
}

function packageDir(require: NodeJS.Require, name: string): string {
  return dirname(require.resolve(`${name}/package.json`))
}

/** Runs a command to its end; resolves with its exit code and everything it printed. */
function run(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
    })
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, output }))
  })
}
