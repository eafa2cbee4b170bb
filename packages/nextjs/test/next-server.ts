import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { join } from "node:path"

/** A `next start` server of a built app. */
export interface NextServer {
  /** `http://localhost:<port>` (see `host`), no trailing slash. */
  readonly baseUrl: string
  /** The server's process id (`next start` serves from the process it runs in). */
  readonly pid: number | undefined
  /** Everything the server printed, for failure messages. */
  output(): string
  /** Stops the server (its own process, by its handle). */
  close(): Promise<void>
}

/** Options of {@link startNextServer}. */
export interface StartNextServerOptions {
  /** The app's folder (with `.next` from `next build`). */
  readonly dir: string
  /** Extra environment for the server. */
  readonly env?: Record<string, string>
  /** The port; `0` (default) lets the system choose one. */
  readonly port?: number
  /**
   * The host clients should use. Next.js's middleware (its `NextURL`) takes every loopback IP
   * for `localhost` and may rewrite a redirect to `http://127.0.0.1:<port>/…` into one to
   * `http://localhost:<port>/…`, so tests talk to the server as `localhost`; it still listens on
   * `127.0.0.1` only.
   * @default "localhost"
   */
  readonly host?: "127.0.0.1" | "localhost"
}

const READY_TIMEOUT_MS = 60_000

/**
 * Starts `next start -H 127.0.0.1` for a built app, with Node 24 (this process's Node) and
 * telemetry off, and resolves once it answers. Fails with the server's output when the app was
 * not built, the server exits, or it does not come up in time.
 */
export async function startNextServer(options: StartNextServerOptions): Promise<NextServer> {
  if (!existsSync(join(options.dir, ".next", "BUILD_ID"))) {
    throw new Error(`${options.dir} has no production build: run \`pnpm build\` in it first.`)
  }
  const nextBin = nextBinOf(options.dir)
  const child = spawn(
    process.execPath,
    [nextBin, "start", "-H", "127.0.0.1", "-p", String(options.port ?? 0)],
    {
      cwd: options.dir,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  )
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8")
  })
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8")
  })
  try {
    const url = new URL(await waitForUrl(child, () => output))
    url.hostname = options.host ?? "localhost"
    return {
      baseUrl: url.origin,
      pid: child.pid,
      output: () => output,
      close: () => stop(child),
    }
  } catch (error) {
    await stop(child)
    throw error
  }
}

/** The `next` CLI the app at `dir` resolves (its own, or one in a folder above it). */
export function nextBinOf(dir: string): string {
  return createRequire(join(dir, "package.json")).resolve("next/dist/bin/next")
}

/** Finds a port nothing listens on, for a server whose URL must be known before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (typeof address !== "object" || address === null) throw new Error("No port was assigned.")
  return address.port
}

function waitForUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`next start did not become ready in ${READY_TIMEOUT_MS} ms:\n${output()}`))
    }, READY_TIMEOUT_MS)
    const onData = (): void => {
      const url = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1]
      if (url && /Ready in/.test(output())) {
        cleanup()
        resolve(url)
      }
    }
    const onExit = (code: number | null): void => {
      cleanup()
      reject(new Error(`next start exited with ${code}:\n${output()}`))
    }
    const cleanup = (): void => {
      clearTimeout(timer)
      child.stdout?.off("data", onData)
      child.stderr?.off("data", onData)
      child.off("exit", onExit)
    }
    child.stdout?.on("data", onData)
    child.stderr?.on("data", onData)
    child.on("exit", onExit)
  })
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })
}
