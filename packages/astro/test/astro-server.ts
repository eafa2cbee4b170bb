/**
 * Starts the production build of an Astro app (`@astrojs/node`, standalone) for the contract
 * suites of `apps/examples/astro` and `apps/fixtures/astro5`: its server script (by default
 * `dist/server/entry.mjs`) on 127.0.0.1, port 0, in its own process, stopped by its own handle.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

/** The repository root. */
export const REPOSITORY = resolve(fileURLToPath(new URL("../../..", import.meta.url)))

/**
 * The workspace's Node (24, the root `node` devDependency): what Astro 7 needs. The binary
 * itself, not `node_modules/.bin/node` (a shell script whose Node would outlive a SIGTERM).
 */
export const WORKSPACE_NODE = createRequire(join(REPOSITORY, "package.json")).resolve(
  "node/bin/node",
)

/** The machine's own Node (20), where an app supports it (Astro 5). */
export const MACHINE_NODE = "/usr/bin/node"

/** A running server. */
export interface AstroServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly baseUrl: string
  /** Everything the server printed so far. */
  output(): string
  /** Stops the server and waits for its process to end. */
  close(): Promise<void>
}

/** Options of {@link startAstroServer}. */
export interface AstroServerOptions {
  /** The app's folder, built (`dist/server/entry.mjs`). */
  readonly dir: string
  /**
   * The script that serves the build, relative to `dir`.
   * @default "dist/server/entry.mjs"
   */
  readonly script?: string
  /** The Node binary to run the server with. */
  readonly node: string
  /** Added to this process's environment. */
  readonly env?: Record<string, string>
}

const READY_TIMEOUT_MS = 60_000

/**
 * Starts the built server and resolves once it says where it listens.
 *
 * @throws {Error} when the app is not built, or the server exits or stays silent, with its output
 */
export async function startAstroServer(options: AstroServerOptions): Promise<AstroServer> {
  const entry = join(options.dir, "dist", "server", "entry.mjs")
  const script = join(options.dir, options.script ?? "dist/server/entry.mjs")
  if (!existsSync(entry)) {
    throw new Error(
      `${options.dir} is not built: run \`pnpm --filter ${options.dir} build\` first.`,
    )
  }
  const child = spawn(options.node, [script], {
    cwd: options.dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      ASTRO_TELEMETRY_DISABLED: "1",
      ...options.env,
      HOST: "127.0.0.1",
      PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8")
  }
  child.stdout?.on("data", collect)
  child.stderr?.on("data", collect)
  try {
    const port = await waitForPort(child, () => output)
    return { baseUrl: `http://127.0.0.1:${port}`, output: () => output, close: () => stop(child) }
  } catch (error) {
    await stop(child)
    throw error
  }
}

/** The port from `Server listening on http://127.0.0.1:<port>`. */
function waitForPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`The server did not start in ${READY_TIMEOUT_MS} ms:\n${output()}`))
    }, READY_TIMEOUT_MS)
    const onData = () => {
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output())
      if (!match) return
      cleanup()
      resolvePort(Number(match[1]))
    }
    const onExit = (code: number | null) => {
      cleanup()
      reject(new Error(`The server exited with ${code} before listening:\n${output()}`))
    }
    const cleanup = () => {
      clearTimeout(timer)
      child.stdout?.off("data", onData)
      child.off("exit", onExit)
    }
    child.stdout?.on("data", onData)
    child.once("exit", onExit)
  })
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolveStop) => {
    child.once("exit", () => resolveStop())
    child.kill("SIGTERM")
  })
}
