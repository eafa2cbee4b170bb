/**
 * The published packages as users get them: `pnpm pack` (workspace links become versions), then
 * `npm install` of the tarballs into a fresh app outside the workspace, then that app type-checks
 * under the three module resolutions users have (node10 with CommonJS, as in many Express apps;
 * nodenext; bundler) without the DOM lib, and its imports load in Node.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const workspace = new URL("../../../", import.meta.url).pathname

/** The packages an Express app installs, with the last version Auth.js published of each. */
const PACKAGES = [
  { dir: "core", name: "@auth/core", authjs: "0.41.3" },
  { dir: "express", name: "@auth/express", authjs: "0.12.3" },
  { dir: "adapter-pg", name: "@auth/pg-adapter", authjs: "1.11.3" },
] as const

/** What the app imports: every public subpath kind, default and named exports. */
const APP_SOURCE = `import { Auth, type AuthConfig, customFetch, skipCSRFCheck } from "@auth/core"
import type { Adapter } from "@auth/core/adapters"
import { CredentialsSignin } from "@auth/core/errors"
import { decode, encode, getToken } from "@auth/core/jwt"
import Credentials from "@auth/core/providers/credentials"
import GitHub from "@auth/core/providers/github"
import { checkSession } from "@auth/core/session"
import type { Session } from "@auth/core/types"
import { ExpressAuth, getSession } from "@auth/express"
import Google from "@auth/express/providers/google"
import PostgresAdapter, { PostgresAdapter as NamedPostgresAdapter } from "@auth/pg-adapter"
import express from "express"
import pg from "pg"

const adapter: Adapter = PostgresAdapter(new pg.Pool())
const config: AuthConfig = {
  adapter: NamedPostgresAdapter === PostgresAdapter ? adapter : undefined,
  providers: [
    GitHub,
    Google({ clientId: "id", clientSecret: "secret" }),
    Credentials({
      credentials: { email: {}, password: {} },
      authorize: async ({ email }) => (typeof email === "string" ? { id: "1", email } : null),
    }),
  ],
}

const app = express()
app.use("/auth", ExpressAuth(config))
app.get("/me", async (req, res) => {
  const session: Session | null = await getSession(req, config)
  res.json(session)
})

export const used = [Auth, customFetch, skipCSRFCheck, CredentialsSignin, decode, encode, getToken, checkSession]
`

/** The same imports at run time, in Node, from the installed tarballs. */
const LOAD_SOURCE = `const modules = await Promise.all([
  import("@auth/core"), import("@auth/core/jwt"), import("@auth/core/providers/github"),
  import("@auth/express"), import("@auth/express/providers/google"), import("@auth/pg-adapter"),
])
console.log(modules.map((module) => Object.keys(module).length > 0).join(","))
`

const RESOLUTIONS = {
  node10: { module: "commonjs", moduleResolution: "node10" },
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
} as const

let app: string

beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), "auth-packed-app-"))
  const tarballs = join(app, "tarballs")
  mkdirSync(tarballs)
  const specs: Record<string, string> = {}
  for (const pkg of PACKAGES) {
    const output = execFileSync("pnpm", ["pack", "--pack-destination", tarballs], {
      cwd: join(workspace, "packages", pkg.dir),
      encoding: "utf8",
    })
    const tarball = output.trim().split("\n").at(-1)!.trim()
    specs[pkg.name] = `file:${tarball}`
  }
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({
      name: "packed-app",
      private: true,
      type: "module",
      dependencies: {
        ...specs,
        express: "^5.1.0",
        pg: "^8.16.0",
      },
      devDependencies: {
        "@types/express": "^5.0.3",
        "@types/node": "^20.19.0",
        "@types/pg": "^8.15.0",
        typescript: "5.9.3",
      },
      // The workspace dependency of @auth/express and @auth/pg-adapter on @auth/core is the packed one.
      overrides: { "@auth/core": specs["@auth/core"] },
    }),
  )
  execFileSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"],
    {
      cwd: app,
      stdio: "pipe",
    },
  )
  writeFileSync(join(app, "app.ts"), APP_SOURCE)
  writeFileSync(join(app, "load.mjs"), LOAD_SOURCE)
})

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true })
})

describe("the packed packages", () => {
  it.each(PACKAGES)(
    "$name ships its README, LICENSE and a version on Auth.js's line (at least $authjs)",
    (pkg) => {
      const installed = join(app, "node_modules", ...pkg.name.split("/"))
      expect(existsSync(join(installed, "README.md"))).toBe(true)
      expect(readFileSync(join(installed, "LICENSE"), "utf8")).toMatch(/^ISC License/)
      const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
        version: string
        license: string
        dependencies?: Record<string, string>
      }
      expect(manifest.license).toBe("ISC")
      expect(compareVersions(manifest.version, pkg.authjs)).toBeGreaterThanOrEqual(0)
      for (const range of Object.values(manifest.dependencies ?? {})) {
        expect(range).not.toMatch(/^workspace:/)
      }
    },
  )

  it.each(Object.keys(RESOLUTIONS))(
    "type-check in an app with moduleResolution %s and no DOM lib",
    (resolution) => {
      const options = RESOLUTIONS[resolution as keyof typeof RESOLUTIONS]
      const tsconfig = join(app, `tsconfig.${resolution}.json`)
      writeFileSync(
        tsconfig,
        JSON.stringify({
          compilerOptions: {
            ...options,
            target: "es2022",
            lib: ["es2023"],
            types: ["node"],
            strict: true,
            esModuleInterop: true,
            skipLibCheck: false,
            noEmit: true,
          },
          files: ["app.ts"],
        }),
      )
      const tsc = spawnSync(
        process.execPath,
        [join(app, "node_modules", "typescript", "bin", "tsc"), "-p", tsconfig],
        { cwd: app, encoding: "utf8" },
      )
      expect(tsc.stdout + tsc.stderr).toBe("")
      expect(tsc.status).toBe(0)
    },
  )

  it("loads every imported entry in Node", () => {
    const load = spawnSync(process.execPath, ["load.mjs"], { cwd: app, encoding: "utf8" })
    expect(load.stderr).toBe("")
    expect(load.stdout.trim()).toBe("true,true,true,true,true,true")
  })
})

/** `-1`, `0` or `1` for two `x.y.z[-pre]` versions; a prerelease sorts before its release. */
function compareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const [core = "", pre] = version.split("-", 2)
    return { parts: core.split(".").map(Number), pre }
  }
  const left = parse(a)
  const right = parse(b)
  for (let index = 0; index < 3; index++) {
    const difference = (left.parts[index] ?? 0) - (right.parts[index] ?? 0)
    if (difference !== 0) return Math.sign(difference)
  }
  if (left.pre === right.pre) return 0
  if (left.pre === undefined) return 1
  if (right.pre === undefined) return -1
  return left.pre < right.pre ? -1 : 1
}
