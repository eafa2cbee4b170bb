/**
 * The published packages as users get them: `pnpm pack` (workspace links become versions), then
 * `npm install` of the tarballs into a fresh app outside the workspace (the global setup does
 * both, once per run), then that app type-checks under the three module resolutions users have
 * (node10 with CommonJS, as in many Express apps; nodenext; bundler) without the DOM lib, and its
 * imports load in Node.
 */
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, inject, it } from "vitest"
import { PUBLISHED } from "./support/packed-app.js"

const app = inject("packedApp").dir

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

beforeAll(() => {
  writeFileSync(join(app, "app.ts"), APP_SOURCE)
  writeFileSync(join(app, "load.mjs"), LOAD_SOURCE)
})

describe("the packed packages", () => {
  it.each(PUBLISHED)(
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
