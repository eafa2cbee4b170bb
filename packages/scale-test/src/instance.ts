/**
 * One playground instance in its own process (`apps/playground/src/main.ts`, as `pnpm start`
 * runs it), so that a test can kill it with SIGKILL, stop it with SIGTERM and start it again.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { LineLog } from "./lines.js"
import { within } from "./waits.js"

/** The playground's folder: its `tsx` runs `src/main.ts`. */
const PLAYGROUND_DIR = fileURLToPath(new URL("../../../apps/playground/", import.meta.url))

/** How long an instance may take to start (PostgreSQL schema, Redis, the app). */
const START_MS = 60_000
/** How long a stop may take: the app's own drain is 10 s at most. */
const STOP_MS = 20_000

/** A running (or stopped) playground process. */
export interface Instance {
  /** The server name in HAProxy's config: `s1`, `s2`, … */
  readonly name: string
  /** Its own port on 127.0.0.1 (kept across restarts). */
  readonly port: number
  /** `http://127.0.0.1:<port>`: the instance itself, not through the balancer. */
  readonly url: string
  /** Everything it printed (stdout and stderr), across restarts. */
  readonly output: LineLog
  /** The current process's PID; `undefined` once it has exited. */
  readonly pid: number | undefined
  /** Sends `signal` and resolves with the exit code (`null` when a signal ended it). */
  kill(signal: NodeJS.Signals): Promise<number | null>
  /** Starts it again on the same port, with `env` added to its first environment. */
  restart(env?: Record<string, string>): Promise<void>
}

/**
 * Starts an instance and resolves once it serves requests (the playground listens only then).
 *
 * @param port `0` picks a free port, kept for restarts
 * @throws Error when it exits or prints no address within 60 s (scaled); its output is in the
 *   message
 */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  port = 0,
): Promise<Instance> {
  const output = new LineLog()
  let child: ChildProcess | undefined
  let exited: Promise<number | null> = Promise.resolve(null)
  let currentPort = port
  let baseEnv = env

  const launch = async (extraEnv: Record<string, string>) => {
    baseEnv = { ...baseEnv, ...extraEnv }
    const from = output.lines.length
    const spawned = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: PLAYGROUND_DIR,
      env: { ...process.env, ...baseEnv, PORT: String(currentPort) },
      stdio: ["ignore", "pipe", "pipe"],
    })
    child = spawned
    if (spawned.stdout) output.follow(spawned.stdout)
    if (spawned.stderr) output.follow(spawned.stderr)
    exited = new Promise((resolve) => {
      spawned.once("exit", (code) => {
        if (child === spawned) child = undefined
        resolve(code)
      })
    })
    const ready = output.next(/^Playground running at http:\/\/localhost:(\d+)$/, from)
    const ended = exited.then((code) => ({ code }))
    try {
      const outcome = await within(
        Promise.race([ready, ended]),
        START_MS,
        `instance ${name} to start`,
      )
      if (!Array.isArray(outcome)) {
        throw new Error(`Instance ${name} exited (${outcome.code}) while starting:\n${output}`)
      }
      currentPort = Number(outcome[1])
    } catch (error) {
      if (spawned.exitCode === null && spawned.pid) process.kill(spawned.pid, "SIGKILL")
      throw error
    }
  }

  await launch({})
  return {
    name,
    get port() {
      return currentPort
    },
    get url() {
      return `http://127.0.0.1:${currentPort}`
    },
    output,
    get pid() {
      return child?.pid
    },
    async kill(signal) {
      const running = child
      if (!running?.pid) return exited
      process.kill(running.pid, signal)
      return within(exited, STOP_MS, `instance ${name} to exit after ${signal}`)
    },
    restart: (extraEnv = {}) => launch(extraEnv),
  }
}
