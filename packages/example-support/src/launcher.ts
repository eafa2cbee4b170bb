/**
 * `example-launch`: starts the servers around an example app, then the app's own production
 * (or dev) server as a child process with the environment it needs; prints `Ready on …` once the
 * app answers; on SIGINT / SIGTERM stops the child, then every server, and exits 0.
 */
import { type ChildProcess, spawn } from "node:child_process"
import {
  type Env,
  EXAMPLE_ENV,
  nonEmpty,
  parseAccessTokenTtl,
  parsePort,
  parseSessionStrategy,
} from "./env.js"
import { STARTING_BODY } from "./serve.mjs"
import { type ExampleServers, startExampleServers } from "./servers.js"

/** The command line, parsed. */
export interface LaunchArgs {
  basePath: string
  dataDir?: string
  /** Variables set to the app's URL (`--url-env ORIGIN`). */
  urlEnv: string[]
  readyPath: string
  wait: boolean
  /** A development server (`--dev`): not waited for, and `AUTH_TRUST_HOST` set. */
  dev: boolean
  command: string[]
}

/** How long the app may take to answer its first request. */
const READY_TIMEOUT_MS = 120_000
/** Between two readiness probes. */
const PROBE_INTERVAL_MS = 100
/**
 * How long the app may take to exit after the signal, before it is killed: the requests under
 * way get 10 s to finish (`SHUTDOWN_TIMEOUT_MS` of `./serve.mjs`), then its pools close.
 */
const EXIT_TIMEOUT_MS = 15_000

const USAGE =
  "Usage: example-launch [--base-path /auth] [--data-dir DIR] [--url-env NAME]… [--ready-path /] [--no-wait] [--dev] -- <command…>"

/**
 * Parses `example-launch` arguments.
 *
 * @throws {Error} with the usage for unknown options or a missing command
 */
export function parseLaunchArgs(argv: readonly string[]): LaunchArgs {
  const args: LaunchArgs = {
    basePath: "/auth",
    urlEnv: [],
    readyPath: "/",
    wait: true,
    dev: false,
    command: [],
  }
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]
    const value = (): string => {
      const next = argv[++index]
      if (next === undefined || next.startsWith("--"))
        throw new Error(`${arg} needs a value.\n${USAGE}`)
      return next
    }
    if (arg === "--") {
      args.command = argv.slice(index + 1)
      break
    }
    if (arg === "--base-path") args.basePath = value().replace(/\/+$/, "")
    else if (arg === "--data-dir") args.dataDir = value()
    else if (arg === "--url-env") args.urlEnv.push(value())
    else if (arg === "--ready-path") args.readyPath = value()
    else if (arg === "--no-wait") args.wait = false
    else if (arg === "--dev") {
      args.dev = true
      args.wait = false
    } else throw new Error(`Unknown option ${arg}.\n${USAGE}`)
  }
  if (args.command.length === 0) throw new Error(`No command to start the app.\n${USAGE}`)
  if (!args.basePath.startsWith("/")) throw new Error(`--base-path must start with "/".`)
  return args
}

/** What the launcher talks to; `process` in the CLI, recorded in tests. */
export interface LauncherHost {
  env: Env
  log(message: string): void
  /** Registers the stop signals' handler. */
  onSignal(handler: (signal: NodeJS.Signals) => void): void
}

/**
 * Runs the launcher until the app exits or a signal stops it; resolves with the exit code.
 * Every failure is printed, and everything started is stopped.
 */
export async function runLauncher(argv: readonly string[], host: LauncherHost): Promise<number> {
  let args: LaunchArgs
  let servers: ExampleServers
  try {
    args = parseLaunchArgs(argv)
    // The app reads it as `=== "jwt"`: a typo would silently mean database sessions.
    parseSessionStrategy(host.env[EXAMPLE_ENV.sessionStrategy])
    servers = await startExampleServers({
      basePath: args.basePath,
      port: parsePort(host.env[EXAMPLE_ENV.port]),
      host: nonEmpty(host.env[EXAMPLE_ENV.host]),
      dataDir: args.dataDir ?? nonEmpty(host.env[EXAMPLE_ENV.dataDir]),
      secret: nonEmpty(host.env[EXAMPLE_ENV.secret]),
      production: host.env.NODE_ENV === "production",
      accessTokenTtl: parseAccessTokenTtl(host.env[EXAMPLE_ENV.accessTokenTtl]),
    })
  } catch (error) {
    host.log(error instanceof Error ? error.message : String(error))
    return 1
  }
  describe(servers, host.log)
  const env = { ...host.env, ...servers.env }
  // The URL it prints is the app's: links in e-mails and OAuth redirects point there, whatever
  // Host or X-Forwarded-Host a request says. A development server also believes the Host a
  // browser sends (127.0.0.1 or localhost); a production start never trusts it.
  env.AUTH_URL = nonEmpty(host.env.AUTH_URL) ?? servers.url
  if (args.dev) env[EXAMPLE_ENV.trustHost] = "true"
  for (const name of args.urlEnv) env[name] = servers.url
  const [command = "", ...commandArgs] = args.command
  // Its own process group, signalled as a whole: wrappers (`sh`, the `node` shim of pnpm) do
  // not forward signals to the server they run. No stdin: the terminal's Ctrl+C reaches the
  // launcher, which forwards it once.
  const child = spawn(command, commandArgs, {
    env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  })
  child.once("error", (error) => host.log(`Could not start ${command}: ${error.message}`))
  const exited = waitForExit(child)

  let stopping: NodeJS.Signals | undefined
  host.onSignal((signal) => {
    if (stopping) return
    stopping = signal
    host.log(`${signal}: stopping the app and its servers.`)
    stopChild(child, signal, exited)
  })

  if (args.wait) {
    const ready = await Promise.race([
      waitUntilAnswering(probeUrl(servers, args.readyPath), exited),
      exited.then(() => false),
    ])
    if (ready) host.log(`Ready on ${servers.url}`)
    else if (!stopping && child.exitCode === null) {
      host.log(`The app did not answer at ${servers.url} within ${READY_TIMEOUT_MS / 1000} s.`)
      stopChild(child, "SIGTERM", exited)
    }
  } else {
    host.log(`Ready on ${servers.url}`)
  }

  const code = await exited
  // Whatever the app left behind in its process group goes with it.
  signalGroup(child, "SIGTERM")
  await servers.close().catch((error: unknown) => host.log(String(error)))
  if (stopping) return 0
  host.log(`The app exited (${code ?? "signal"}).`)
  return code === 0 ? 0 : (code ?? 1)
}

function describe(servers: ExampleServers, log: (message: string) => void): void {
  if (servers.secret.source === "created") {
    log(
      `Created a development AUTH_SECRET in ${servers.secret.path}; set AUTH_SECRET to use your own.`,
    )
  } else if (servers.secret.source === "stored") {
    log(`Using the development AUTH_SECRET from ${servers.secret.path}.`)
  }
  log(
    `Playground ID (OpenID provider) at ${servers.idp.issuer}; SMTP server at ${servers.smtp.url}; mailbox at ${servers.mailboxUrl}.`,
  )
  log(
    `Playground ID's access tokens last ${servers.accessTokenTtl} s (${EXAMPLE_ENV.accessTokenTtl}); it issues refresh tokens for offline_access.`,
  )
}

/** Loopback: a wildcard `HOST` still answers there. */
function probeUrl(servers: ExampleServers, path: string): string {
  const configured = servers.env[EXAMPLE_ENV.host] ?? "127.0.0.1"
  const name = ["0.0.0.0", "::", ""].includes(configured) ? "127.0.0.1" : configured
  const hostname = name.includes(":") ? `[${name}]` : name
  return `http://${hostname}:${servers.port}${path}`
}

/** Resolves with the exit code (`null` after a signal); never rejects. */
function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code))
    child.once("error", () => resolve(1))
  })
}

/**
 * Probes `url` until any HTTP answer but the `503` of an app still starting (`./serve.mjs`);
 * `false` when the app exits first or after the timeout.
 */
async function waitUntilAnswering(url: string, exited: Promise<unknown>): Promise<boolean> {
  let gone = false
  void exited.then(() => {
    gone = true
  })
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (!gone && Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5000) })
      const starting = response.status === 503 && (await response.text()) === STARTING_BODY
      await response.body?.cancel().catch(() => {})
      if (!starting) return true
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS))
    } catch {
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS))
    }
  }
  return false
}

/** Sends `signal` to the child's process group, then SIGKILL if it has not exited in time. */
function stopChild(child: ChildProcess, signal: NodeJS.Signals, exited: Promise<unknown>): void {
  if (child.exitCode !== null || child.signalCode !== null) return
  signalGroup(child, signal)
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), EXIT_TIMEOUT_MS)
  void exited.then(() => clearTimeout(timer))
}

/** The group of the child we spawned (its PID is the group's id); the child alone as fallback. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal)
  } catch {
    // ESRCH: the group is gone already.
  }
}
