/**
 * Starting a built example app the way people do (`example-launch … -- <server>`), from tests:
 * the launcher runs as a child process on a free port, and is stopped by its own PID.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { DEMO_USER } from "./demo-user.js"
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
  /** `--dev`: a development server (not waited for; `AUTH_TRUST_HOST` set). @default false */
  dev?: boolean
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
  if (options.dev) args.push("--dev")
  const child = spawn(process.execPath, [...args, "--", ...options.command], {
    cwd: options.cwd,
    // Never the run's `REDIS_URL`: a test's app keeps its revocations and rate-limit counters in
    // its own memory, not under a key prefix that outlives the run (a test may set it itself).
    env: { ...process.env, REDIS_URL: "", [EXAMPLE_ENV.port]: "0", ...options.env },
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

/**
 * Who the HTTP contract suite (`@auth/integration-test`'s `runHttpContract({ account })`) signs
 * in as on an example app, and the providers every example lists: the demo user.
 */
export const DEMO_ACCOUNT = {
  credentials: { email: DEMO_USER.email, password: DEMO_USER.password },
  user: { id: DEMO_USER.id, name: DEMO_USER.name, email: DEMO_USER.email },
  providerName: "the demo user",
  providers: ["credentials", "playground-id", "nodemailer", "passkey"],
} as const

/** Options of {@link startExampleForContract}. */
export interface ContractStartOptions {
  /** The app's folder. */
  cwd: string
  /** The command that serves the app's build. */
  command: string[]
  basePath: string
  /** `AUTH_SECRET`: the contract's, so that it can make session cookies itself. */
  secret: string
  /**
   * The host name clients use, in `AUTH_URL` and the contract's base URL. Next.js's middleware
   * (its `NextURL`) takes every loopback IP for `localhost`, so a Next app is reached as
   * `localhost`; it still listens on 127.0.0.1.
   * @default "127.0.0.1"
   */
  hostname?: "127.0.0.1" | "localhost"
  /** `AUTH_URL`, when the contract sets the app's URL. @default the app's own origin */
  url?: string | URL | undefined
}

/**
 * Starts an example app's build for the HTTP contract suite the way `pnpm start` does, configured
 * only through its documented environment: JWT sessions (`AUTH_SESSION_STRATEGY=jwt`), the given
 * `AUTH_SECRET`, a free `PORT`, `AUTH_URL` (the given URL, else the app's own origin, as a
 * deployment behind a proxy sets it; the contract sends forged forwarded headers), a fresh data
 * folder. Its
 * output is attached to the error when it does not start.
 *
 * @throws {Error} when the app does not get ready
 */
export async function startExampleForContract(
  options: ContractStartOptions,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const port = await freePort()
  const origin = `http://${options.hostname ?? "127.0.0.1"}:${port}`
  const dataDir = await mkdtemp(join(tmpdir(), "example-contract-"))
  const env: Record<string, string> = {
    [EXAMPLE_ENV.port]: String(port),
    [EXAMPLE_ENV.sessionStrategy]: "jwt",
    [EXAMPLE_ENV.secret]: options.secret,
    AUTH_URL: String(options.url ?? origin),
  }
  try {
    const app = await startExampleApp({
      cwd: options.cwd,
      command: options.command,
      basePath: options.basePath,
      dataDir,
      env,
      // The contract sends bad input on purpose: the app's log of it stays out of the report.
      onOutput: () => {},
    })
    return {
      baseUrl: origin,
      async close() {
        await app.close()
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}

/** A port that was free on 127.0.0.1 a moment ago (the app binds it right after). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() =>
        typeof address === "object" && address
          ? resolvePort(address.port)
          : reject(new Error("No port.")),
      )
    })
  })
}
