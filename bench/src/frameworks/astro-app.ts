/**
 * One Astro 5 app, built twice from the same code: on our `@auth/astro` and on the published
 * `auth-astro@4.2.0` with the `@auth/core` it was made for (0.37.4, `authjs-core-037` here).
 * The app is written as an `auth-astro` user writes it (`auth-astro`, `auth-astro/server`,
 * `defineConfig`); our side's build resolves those names to `@auth/astro` (the drop-in), the
 * other side's resolves `@auth/core` to 0.37.4. Both are written into `.cache/`, built with
 * `astro build` when the template or (ours) our packages changed, and served by
 * `@astrojs/node` (standalone) on 127.0.0.1, port 0.
 *
 * - `/`: a page that calls `getSession(Astro.request)` and shows the e-mail.
 */
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { startAstroServer, WORKSPACE_NODE } from "../../../packages/astro/test/astro-server.js"
import { SECRET, USER } from "../fixtures.js"
import { BENCH_DIR, CACHE_DIR } from "../targets.js"
import { type KitServer, newestIn } from "./sveltekit-apps.js"

export type AstroSide = "ours" | "authjs"

const REPOSITORY = join(BENCH_DIR, "..")
/** The builds whose files make our side's app: a newer one rebuilds it. */
const OUR_BUILDS = ["packages/astro/dist", "packages/core/dist"]

/** The app's files, `SIDE` standing for the side (only `astro.config.mjs` reads it). */
const TEMPLATE: Record<string, string> = {
  "package.json": '{ "private": true, "type": "module" }\n',
  "astro.config.mjs": `import { dirname } from "node:path"
import { createRequire } from "node:module"
import node from "@astrojs/node"
import { defineConfig } from "astro/config"

const SIDE = "SIDE"
const integration =
  SIDE === "ours" ? (await import("@auth/astro")).default : (await import("auth-astro")).default
// The package's folder (its entry, index.js, is at the root).
const core037 = dirname(createRequire(import.meta.url).resolve("authjs-core-037"))

export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  security: { allowedDomains: [{ protocol: "http", hostname: "127.0.0.1" }] },
  integrations: [integration()],
  vite: {
    resolve: {
      alias:
        SIDE === "ours"
          ? [{ find: /^auth-astro(\\/.*)?$/, replacement: "@auth/astro$1" }]
          : [
              { find: /^@auth\\/core$/, replacement: \`\${core037}/index.js\` },
              { find: /^@auth\\/core\\/(.*)$/, replacement: \`\${core037}/$1.js\` },
            ],
    },
    ssr: { noExternal: true },
  },
})
`,
  "auth.config.mjs": `import Credentials from "@auth/core/providers/credentials"
import { defineConfig } from "auth-astro"

export default defineConfig({
  secret: ${JSON.stringify(SECRET)},
  trustHost: true,
  providers: [Credentials({ credentials: {}, authorize: () => null })],
})
`,
  "src/pages/index.astro": `---
import { getSession } from "auth-astro/server"

const session = await getSession(Astro.request)
---

<p>{\`Signed in as \${session?.user?.email ?? "nobody"}\`}</p>
`,
}

/** Where a side's app is built. */
export function appDir(side: AstroSide): string {
  return join(CACHE_DIR, `astro5-${side}`)
}

/** Why our side cannot be built (our package is not), or `undefined`. */
export function oursUnavailable(): string | undefined {
  return existsSync(join(REPOSITORY, "packages/astro/dist/index.js"))
    ? undefined
    : "packages/astro is not built (pnpm build)"
}

/**
 * Writes a side's app and builds it, unless the build there was made from the same files and
 * (ours) the same package builds.
 *
 * @throws {Error} when `astro build` fails
 */
export function buildApp(side: AstroSide): void {
  const dir = appDir(side)
  const stamp = buildStamp(side)
  const stampFile = join(dir, "dist", "bench-stamp")
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return
  for (const [file, contents] of Object.entries(TEMPLATE)) {
    const path = join(dir, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, contents.replaceAll('"SIDE"', JSON.stringify(side)))
  }
  const astroBin = join(BENCH_DIR, "node_modules", "astro", "astro.js")
  const result = spawnSync(WORKSPACE_NODE, [astroBin, "build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  })
  if (result.status !== 0) throw new Error(`astro build of the ${side} app failed.`)
  writeFileSync(stampFile, stamp)
}

/** What a build is made from: the template, and for our side the newest file of our builds. */
function buildStamp(side: AstroSide): string {
  const hash = createHash("sha256").update(JSON.stringify([side, TEMPLATE]))
  if (side === "ours") {
    for (const build of OUR_BUILDS) hash.update(String(newestIn(join(REPOSITORY, build))))
  }
  return hash.digest("hex")
}

/** Serves a side's build (the shape the SvelteKit rows load, so their loader serves both). */
export async function startApp(side: AstroSide): Promise<KitServer> {
  const server = await startAstroServer({ dir: appDir(side), node: WORKSPACE_NODE })
  return { side, url: server.baseUrl, stop: () => server.close() }
}

/** Checks that the page read the session from the cookie. */
export async function verifyApp(server: KitServer, cookie: string): Promise<void> {
  const response = await fetch(`${server.url}/`, { headers: { cookie } })
  const html = await response.text()
  if (response.status !== 200 || !html.includes(`Signed in as ${USER.email}`)) {
    throw new Error(`${server.side}: the Astro page did not show the session (${response.status}).`)
  }
}
