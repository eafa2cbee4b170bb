/**
 * The HTTP workload: `GET /auth/session` with a valid JWT cookie through Express 5, each
 * implementation's server in its own child process, loaded by autocannon (keep-alive, 16
 * connections) from this one, in interleaved rounds. better-auth's server answers
 * `GET /api/auth/get-session`, with the cookies of a sign-in over HTTP.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { createInterface } from "node:readline"
import autocannon from "autocannon"
import {
  BETTER_AUTH_BASE_PATH,
  type BetterAuthInstance,
  expectBetterAuthUser,
  signInToBetterAuth,
} from "./better-auth.js"
import { SECRET, SESSION_COOKIE, USER } from "./fixtures.js"
import type { Stats } from "./measure.js"
import { authjsJwt, BENCH_DIR } from "./targets.js"
import { assertAuthjsDecodes } from "./workloads.js"

export type Side = "ours" | "authjs"
/** The servers this module starts: ours, Auth.js's, better-auth's. */
export type ServerSide = Side | "better-auth"

/** A running server. */
export interface Server {
  readonly side: ServerSide
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
export async function startServer(side: ServerSide): Promise<Server> {
  const script =
    side === "better-auth"
      ? [join(BENCH_DIR, "src", "better-auth-express-server.ts")]
      : [join(BENCH_DIR, "src", "express-server.ts"), side]
  const child = spawn(process.execPath, ["--import", "tsx", ...script], {
    cwd: BENCH_DIR,
    stdio: ["ignore", "pipe", "inherit"],
  })
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

/** A server with the cookie and the path its session is loaded with. */
export interface LoadTarget {
  readonly server: Pick<Server, "url" | "side">
  readonly cookie: string
  /** @default "/auth/session" */
  readonly path?: string
}

/** better-auth's handler reached over HTTP, to sign in as a browser would. */
function overHttp(server: Pick<Server, "url">): BetterAuthInstance {
  return {
    async handler(request) {
      const url = new URL(request.url)
      const body = request.method === "GET" ? undefined : await request.text()
      return fetch(`${server.url}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body,
      })
    },
  }
}

/**
 * Signs in to better-auth's server over HTTP (email and password) and checks that its session
 * read answers the user with the cookies that sign-in set.
 *
 * @throws {Error} When the sign-in or the session read fails.
 */
export async function signInOverHttp(server: Server): Promise<LoadTarget> {
  const cookie = await signInToBetterAuth(overHttp(server))
  const path = `${BETTER_AUTH_BASE_PATH}/get-session`
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } })
  if (response.status !== 200) throw new Error(`${server.side}: GET ${path} ${response.status}`)
  await expectBetterAuthUser(response, "over HTTP")
  return { server, cookie, path }
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
  rounds: { rounds: number; seconds: number },
  path = "/auth/session",
): Promise<[Stats, Stats]> {
  const targets = [ours, authjs].map((server) => ({ server, cookie, path }))
  return (await compareLoads(targets, rounds)) as [Stats, Stats]
}

/**
 * Interleaved rounds (A B C, C B A, …) of `seconds` each, after a second of warm-up for each
 * server; the stats of each target over its rounds, in `targets`' order.
 *
 * @throws {Error} When a request of a timed round fails.
 */
export async function compareLoads(
  targets: readonly LoadTarget[],
  { rounds, seconds }: { rounds: number; seconds: number },
): Promise<Stats[]> {
  const totals = targets.map(() => ({
    ops: 0,
    seconds: 0,
    p50: [] as number[],
    p99: [] as number[],
  }))
  for (const { server, cookie, path } of targets) await load(server, cookie, { seconds: 1 }, path)
  await interleave(targets, rounds, async ({ server, cookie, path }, side) => {
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
  }))
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
