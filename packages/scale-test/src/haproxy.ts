/**
 * HAProxy from the machine's packages, started with its own config on 127.0.0.1: round robin,
 * no stickiness, health checks on the playground's readiness endpoint (`GET /auth/health`, sent
 * as HTTP/1.0 without `Host`, HAProxy's default), a failed connection retried on another server.
 * Its runtime API (a Unix socket in the test's folder) reads and changes the servers' states.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { writeFile } from "node:fs/promises"
import { connect } from "node:net"
import { join } from "node:path"
import { LineLog } from "./lines.js"
import { within } from "./waits.js"

/** The backend's name in the config; its servers are the instances' names. */
export const BACKEND = "playground"

/** A backend server for the config. */
export interface BackendServer {
  name: string
  port: number
}

/** What {@link haproxyConfig} writes. */
export interface HaproxyConfigOptions {
  /** The port the balancer listens on (127.0.0.1). */
  port: number
  servers: readonly BackendServer[]
  /** The runtime API's Unix socket. */
  socket: string
}

/**
 * The config the tests run and docs/deploying.md shows: each response says which server answered
 * (`x-served-by`), so that a test sees a flow cross instances.
 */
export function haproxyConfig(options: HaproxyConfigOptions): string {
  const servers = options.servers
    .map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`)
    .join("\n")
  return `global
  log stderr format raw local0 notice
  stats socket ${options.socket} mode 600 level admin
  maxconn 4096

defaults
  mode http
  log global
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  # A server that refuses the connection (killed, restarting) is retried on another one.
  retries 3
  retry-on conn-failure empty-response
  option redispatch 1

frontend web
  bind 127.0.0.1:${options.port}
  option forwardfor
  default_backend ${BACKEND}

backend ${BACKEND}
  balance roundrobin
  option httpchk GET /auth/health
  http-check expect status 200
  # A check every 500 ms; a busy instance gets 3 s to answer before it counts as failed.
  timeout check 3s
  default-server inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2
  http-response set-header x-served-by %[srv_name]
  # HAProxy's own 503 (no instance up) says when to come back, as the instances' own 503s do.
  http-after-response set-header Retry-After 5 if { status 503 } !{ res.hdr(retry-after) -m found }
${servers}
`
}

/** A server's state as the runtime API's `show stat` names it (`UP`, `DOWN`, `MAINT`, …). */
export type ServerStatus = string

/** A running HAProxy. */
export interface Haproxy {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly pid: number | undefined
  /** What HAProxy logged (server state changes among them). */
  readonly output: LineLog
  /** Sends one command to the runtime API and returns its answer. */
  command(command: string): Promise<string>
  /** Every server's status, by name. */
  statuses(): Promise<Record<string, ServerStatus>>
  /** Every server's last health-check result (`L7OK`, `L4CON`, …), by name. */
  checks(): Promise<Record<string, string>>
  /**
   * Resolves once HAProxy logs that `server` went `UP` or `DOWN` (from now on), within 30 s.
   */
  waitFor(server: string, status: "UP" | "DOWN"): Promise<void>
  /** Stops it (SIGTERM, then the exit). */
  stop(): Promise<void>
}

/** Whether `haproxy` is on the PATH; the version line, or `undefined`. */
export function haproxyVersion(): string | undefined {
  const result = spawnSync("haproxy", ["-v"], { encoding: "utf8" })
  if (result.status !== 0) return undefined
  return result.stdout.split("\n")[0]
}

/**
 * Writes the config into `dir` and starts HAProxy in the foreground; resolves once its runtime
 * API answers.
 */
export async function startHaproxy(dir: string, options: Omit<HaproxyConfigOptions, "socket">) {
  const socket = join(dir, "haproxy.sock")
  const configPath = join(dir, "haproxy.cfg")
  await writeFile(configPath, haproxyConfig({ ...options, socket }))
  const output = new LineLog()
  const child: ChildProcess = spawn("haproxy", ["-db", "-f", configPath], {
    stdio: ["ignore", "pipe", "pipe"],
  })
  if (child.stdout) output.follow(child.stdout)
  if (child.stderr) output.follow(child.stderr)
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve))
  const command = (text: string) => runtimeCommand(socket, text)

  const haproxy: Haproxy = {
    url: `http://127.0.0.1:${options.port}`,
    get pid() {
      return child.exitCode === null ? child.pid : undefined
    },
    output,
    command,
    statuses: () => serverColumn(command, "status"),
    checks: () => serverColumn(command, "check_status"),
    async waitFor(server, status) {
      const line = new RegExp(`Server ${BACKEND}/${server} is ${status}\\b`)
      await within(output.next(line), 30_000, `HAProxy to mark ${server} ${status}`)
    },
    async stop() {
      if (child.exitCode !== null || !child.pid) return
      process.kill(child.pid, "SIGTERM")
      await within(exited, 10_000, "HAProxy to exit")
    },
  }
  // The socket exists once HAProxy has parsed its config and bound its ports.
  const failed = exited.then((code) => {
    throw new Error(`HAProxy exited (${code}):\n${output}`)
  })
  failed.catch(() => {})
  const running = () => child.exitCode === null
  await within(Promise.race([waitForSocket(command, running), failed]), 10_000, "HAProxy to start")
  // Ready once every server has passed a health check (the first one runs at once).
  const checked = async () => {
    while (running()) {
      const checks = Object.values(await haproxy.checks())
      if (checks.length > 0 && checks.every((check) => check === "L7OK")) return
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  await within(Promise.race([checked(), failed]), 10_000, "HAProxy's first health checks")
  return haproxy
}

/** One column of `show stat` for each server of the backend, by server name. */
async function serverColumn(
  command: (text: string) => Promise<string>,
  column: string,
): Promise<Record<string, string>> {
  const csv = await command("show stat")
  const [header, ...rows] = csv.trim().split("\n")
  const columns = (header ?? "").replace(/^# /, "").split(",")
  const name = columns.indexOf("svname")
  const proxy = columns.indexOf("pxname")
  const wanted = columns.indexOf(column)
  const result: Record<string, string> = {}
  for (const row of rows) {
    const cells = row.split(",")
    const server = cells[name] ?? ""
    if (cells[proxy] === BACKEND && server !== "BACKEND") result[server] = cells[wanted] ?? ""
  }
  return result
}

/** Resolves once the runtime API answers; retried on each refused connection while `running`. */
async function waitForSocket(
  command: (text: string) => Promise<string>,
  running: () => boolean,
): Promise<void> {
  while (running()) {
    try {
      await command("show info")
      return
    } catch {
      // Not listening yet: the next attempt waits on the next connection's outcome.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
}

/** One command over the runtime API's Unix socket; the answer ends when HAProxy closes it. */
function runtimeCommand(socket: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket)
    let answer = ""
    connection.setEncoding("utf8")
    connection.on("connect", () => connection.end(`${text}\n`))
    connection.on("data", (chunk: string) => {
      answer += chunk
    })
    connection.on("end", () => resolve(answer))
    connection.on("error", reject)
  })
}
