import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join, resolve } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import type { ContractApp } from "@auth/integration-test"

const here = dirname(fileURLToPath(import.meta.url))

/** The repository root. */
export const REPOSITORY = resolve(here, "../../..")

/** The apps under test: where each is, and the Node it needs. */
export const APPS = {
  /** The SvelteKit 2 fixture (`apps/fixtures/sveltekit2`), built by its `build` script. */
  kit2: { dir: join(REPOSITORY, "apps/fixtures/sveltekit2"), minimumNode: [20, 19] },
  /** The SvelteKit 3 example app (`apps/examples/sveltekit`). */
  kit3: { dir: join(REPOSITORY, "apps/examples/sveltekit"), minimumNode: [22, 17] },
} as const

export type AppName = keyof typeof APPS

/**
 * Starts a built app on `127.0.0.1`, port 0, with `env` added to this process's environment,
 * in a Node new enough for it (SvelteKit 3 needs 22.17: on an older lane, the workspace's
 * Node 24). Stopped by `close()`, by its own PID.
 *
 * @throws {Error} when the app is not built (run `pnpm build` first)
 */
export async function startBuiltApp(
  name: AppName,
  env: Record<string, string>,
): Promise<ContractApp> {
  const app = APPS[name]
  const buildDir = join(app.dir, "build")
  if (!existsSync(join(buildDir, "handler.js"))) {
    throw new Error(`${app.dir} is not built: run \`pnpm turbo run build\` first.`)
  }
  const child = spawn(nodeFor(app.minimumNode), [join(here, "serve-built-app.mjs"), buildDir], {
    cwd: app.dir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const port = await new Promise<number>((resolvePort, reject) => {
    createInterface({ input: child.stdout! }).once("line", (line) =>
      resolvePort((JSON.parse(line) as { port: number }).port),
    )
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code} before listening.`)))
  })
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => stop(child) }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolveStop) => {
    child.once("exit", () => resolveStop())
    child.kill("SIGTERM")
  })
}

/** This process's Node when it is at least `minimum`, else the workspace's (root `node`). */
function nodeFor(minimum: readonly [number, number]): string {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number)
  if (major > minimum[0] || (major === minimum[0] && minor >= minimum[1])) return process.execPath
  const workspaceNode = createRequire(join(REPOSITORY, "package.json")).resolve("node/bin/node")
  const version = spawnSync(workspaceNode, ["-v"], { encoding: "utf8" }).stdout.trim()
  if (!version) throw new Error(`No Node at ${workspaceNode} to run the app with.`)
  return workspaceNode
}
