/**
 * Serves a SolidStart app's production build (Nitro's `.output/server/index.mjs`, SolidStart 1
 * and 2 alike) on 127.0.0.1, port 0, for the apps' contract tests and the bench. The build runs
 * on the workspace's Node 24 (SolidStart 2 needs it), in its own process, stopped by its PID.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { join, resolve } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"

/** The repository root. */
export const REPOSITORY = resolve(fileURLToPath(new URL("../../..", import.meta.url)))

/**
 * The workspace's Node (the root devDependency `node`, Node 24): its binary itself, not the
 * `.bin/node` shell wrapper, so that stopping the process stops Node.
 */
export const WORKSPACE_NODE = createRequire(join(REPOSITORY, "package.json")).resolve(
  "node/bin/node",
)

/** A running build. */
export interface ServedOutput {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string
  close(): Promise<void>
}

/**
 * Starts `<appDir>/.output/server/index.mjs` with `env` on top of this process's environment,
 * and resolves once it listens.
 *
 * @throws {Error} when the app is not built, or exits before listening
 */
export async function serveOutput(
  appDir: string,
  env: Record<string, string | undefined>,
): Promise<ServedOutput> {
  const entry = join(appDir, ".output", "server", "index.mjs")
  if (!existsSync(entry)) {
    throw new Error(
      `${appDir} is not built: run \`pnpm turbo run build --filter=${appDir}\` first.`,
    )
  }
  const child = spawn(WORKSPACE_NODE, [entry], {
    cwd: appDir,
    env: { ...serverEnv(), NODE_ENV: "production", ...env, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const port = await new Promise<number>((resolvePort, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.on("line", (line) => {
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(line)
      if (match) resolvePort(Number(match[1]))
    })
    child.once("exit", (code) =>
      reject(new Error(`${entry} exited with ${code} before listening.`)),
    )
  })
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => stop(child) }
}

/**
 * This process's environment minus the test runner's marks (`TEST`, `VITEST*`): Nitro's server
 * stays silent under a test runner, and the URL it prints is how its port is learnt.
 */
function serverEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "TEST" && !name.startsWith("VITEST")),
  )
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolveStop) => {
    child.once("exit", () => resolveStop())
    child.kill("SIGTERM")
  })
}
