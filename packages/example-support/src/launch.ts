/**
 * Starting a built example app the way people do (`example-launch … -- <server>`), from tests:
 * the launcher runs as a child process on a free port, and is stopped by its own PID.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { EXAMPLE_ENV } from "./env.js"

/** The launcher's executable script. */
export const LAUNCHER_BIN = fileURLToPath(new URL("../bin/example-launch.mjs", import.meta.url))

/** Options of {@link startExampleApp}. */
export interface StartExampleAppOptions {
  /** The app's folder: the command runs there. */
  cwd: string
  /** The command that serves the app's build (`["node", "build"]`). */
  command: string[]
  /** The app's auth base path (`/auth`, `/api/auth`). */
  basePath: string
  /** A data folder for this run (PGlite, the development secret); use a fresh temp folder. */
  dataDir: string
  /** Extra variables (`AUTH_SESSION_STRATEGY`); `PORT` defaults to `0` (a free port). */
  env?: Record<string, string>
  /** `--url-env` names. */
  urlEnv?: string[]
  /** `--ready-path`. @default "/" */
  readyPath?: string
  /** The launcher's and the app's output. @default forwarded to this process's stderr */
  onOutput?: (line: string) => void
  /** @default 120000 */
  timeoutMs?: number
}

/** A running example app. */
export interface ExampleApp {
  /** `http://localhost:<port>` */
  url: string
  port: number
  /** The launcher's process. */
  process: ChildProcess
  /** SIGTERM to the launcher (which stops the app and its servers); resolves once it exited. */
  close(): Promise<void>
}

const READY = /^Ready on (http:\/\/localhost:(\d+))$/m

/**
 * Spawns the launcher with `command`, resolves once it printed `Ready on <url>`.
 *
 * @throws {Error} when the launcher exits or does not get ready in time (its output attached)
 */
export async function startExampleApp(options: StartExampleAppOptions): Promise<ExampleApp> {
  const args = [LAUNCHER_BIN, "--base-path", options.basePath, "--data-dir", options.dataDir]
  for (const name of options.urlEnv ?? []) args.push("--url-env", name)
  if (options.readyPath) args.push("--ready-path", options.readyPath)
  const child = spawn(process.execPath, [...args, "--", ...options.command], {
    cwd: options.cwd,
    env: { ...process.env, [EXAMPLE_ENV.port]: "0", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const output: string[] = []
  const forward = options.onOutput ?? ((line: string) => process.stderr.write(`${line}\n`))
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
    await exited
  }
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The app was not ready within ${options.timeoutMs ?? 120_000} ms.`)),
        options.timeoutMs ?? 120_000,
      )
      const onData = (chunk: Buffer): void => {
        for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
          output.push(line)
          forward(line)
          const match = READY.exec(line)
          if (match?.[1]) {
            clearTimeout(timer)
            resolve(match[1])
          }
        }
      }
      child.stdout.on("data", onData)
      child.stderr.on("data", onData)
      void exited.then(() => {
        clearTimeout(timer)
        reject(new Error(`The launcher exited (${child.exitCode ?? child.signalCode}).`))
      })
    })
    return { url, port: Number(new URL(url).port), process: child, close }
  } catch (error) {
    await close()
    const detail = output.slice(-30).join("\n")
    throw new Error(`${(error as Error).message}\n${detail}`, { cause: error })
  }
}
