/**
 * The HTTP workload: `GET /auth/session` with a valid JWT cookie through Express 5, each
 * implementation's server in its own child process, loaded by autocannon (keep-alive, 16
 * connections) from this one, in interleaved rounds.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { createInterface } from "node:readline"
import autocannon from "autocannon"
import { SECRET, SESSION_COOKIE, USER } from "./fixtures.js"
import type { Stats } from "./measure.js"
import { authjsJwt, BENCH_DIR } from "./targets.js"
import { assertAuthjsDecodes } from "./workloads.js"

export type Side = "ours" | "authjs"

/** A running server. */
export interface Server {
  readonly side: Side
  readonly url: string
  stop(): Promise<void>
}

/** Connections autocannon keeps open. */
export const CONNECTIONS = 16

/** Why our Express integration cannot run, or `undefined` when it can. */
export function oursExpressUnavailable(): string | undefined {
  const dist = join(BENCH_DIR, "..", "packages", "express", "dist", "index.js")
  return existsSync(dist) ? undefined : "packages/express is not built (no dist/index.js)"
}

/** Starts one implementation's Express server in a child process. */
export async function startServer(side: Side): Promise<Server> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(BENCH_DIR, "src", "express-server.ts"), side],
    { cwd: BENCH_DIR, stdio: ["ignore", "pipe", "inherit"] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once("line", (line) => resolve((JSON.parse(line) as { port: number }).port))
    child.once("exit", (code) => reject(new Error(`The ${side} server exited with ${code}.`)))
  })
  return { side, url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) }
}

/** Stops a server's child process by its PID, and waits for it to exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })
}

/** A session cookie minted by Auth.js (both implementations read the same tokens). */
export async function sessionCookie(): Promise<string> {
  const { encode } = await authjsJwt()
  const token = { name: USER.name, email: USER.email, picture: USER.image, sub: USER.id }
  return `${SESSION_COOKIE}=${await encode({ token, secret: SECRET, salt: SESSION_COOKIE })}`
}

/** Checks that a server answers the session and re-issues a token Auth.js decodes. */
export async function verifyServer(server: Server, cookie: string): Promise<void> {
  const response = await fetch(`${server.url}/auth/session`, { headers: { cookie } })
  if (response.status !== 200)
    throw new Error(`${server.side}: GET /auth/session ${response.status}`)
  const session = (await response.json()) as { user?: { email?: string } } | null
  if (session?.user?.email !== USER.email) throw new Error(`${server.side}: no session over HTTP.`)
  const reissued = response.headers
    .getSetCookie()
    .find((header) => header.startsWith(`${SESSION_COOKIE}=`))
  const token = reissued?.slice(SESSION_COOKIE.length + 1, reissued.indexOf(";"))
  await assertAuthjsDecodes(token && decodeURIComponent(token), `${server.side} over HTTP`)
}

/**
 * Loads a server's `path` (by default `/auth/session`) for `seconds` (or for `amount` requests)
 * and reports what autocannon saw.
 */
export async function load(
  server: Pick<Server, "url">,
  cookie: string,
  limit: { seconds: number } | { amount: number },
  path = "/auth/session",
): Promise<Stats & { errors: number }> {
  const result = await autocannon({
    url: `${server.url}${path}`,
    connections: CONNECTIONS,
    headers: { cookie },
    ...("seconds" in limit ? { duration: limit.seconds } : { amount: limit.amount }),
  })
  const { total } = result.requests
  return {
    opsPerSec: total / result.duration,
    p50Us: result.latency.p50 * 1000,
    p99Us: result.latency.p99 * 1000,
    ops: total,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

/** Interleaved rounds (A B, B A, …) of `seconds` each; the stats of each side over its rounds. */
export async function compareServers(
  ours: Server,
  authjs: Server,
  cookie: string,
  { rounds, seconds }: { rounds: number; seconds: number },
  path = "/auth/session",
): Promise<[Stats, Stats]> {
  const totals = [
    { ops: 0, seconds: 0, p50: [] as number[], p99: [] as number[] },
    { ops: 0, seconds: 0, p50: [] as number[], p99: [] as number[] },
  ]
  const servers = [ours, authjs] as const
  await load(ours, cookie, { seconds: 1 }, path)
  await load(authjs, cookie, { seconds: 1 }, path)
  await interleave(servers, rounds, async (server, side) => {
    const stats = await load(server, cookie, { seconds }, path)
    if (stats.errors > 0) throw new Error(`${server.side}: ${stats.errors} failed requests`)
    const total = totals[side]!
    total.ops += stats.ops
    total.seconds += stats.ops / stats.opsPerSec
    total.p50.push(stats.p50Us)
    total.p99.push(stats.p99Us)
  })
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  return totals.map((total) => ({
    opsPerSec: total.ops / total.seconds,
    p50Us: median(total.p50),
    p99Us: median(total.p99),
    ops: total.ops,
  })) as [Stats, Stats]
}

/**
 * Runs `round` once per server in each of `rounds` rounds, the servers in their order in even
 * rounds and in reverse in odd ones, so none always runs first (right after the others).
 */
export async function interleave<T>(
  servers: readonly T[],
  rounds: number,
  round: (server: T, index: number) => Promise<void>,
): Promise<void> {
  const order = servers.map((_, index) => index)
  for (let r = 0; r < rounds; r++) {
    for (const index of r % 2 === 0 ? order : [...order].reverse()) {
      await round(servers[index]!, index)
    }
  }
}
