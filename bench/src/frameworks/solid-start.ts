/**
 * The SolidStart rows of `pnpm bench`: the example app's production build (SolidStart 2, Nitro's
 * Node server) in the contract's mode, over HTTP. Auth.js's @auth/solid-start 0.19 cannot run on
 * SolidStart 2, so the baseline is core's `Auth()` called directly by a route of the same app
 * (`/bench/direct-session`); against it, the session read of an app route through `auth()`
 * (`/me`), and `GET /api/auth/session` through `SolidAuth`'s route. The integration meets its
 * target when it adds at most 10%: ours / direct ≥ 0.91.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { encode } from "@auth/core/jwt"
import { serveOutput } from "../../../packages/solid-start/test/serve-output.js"
import { SESSION_COOKIE } from "../fixtures.js"
import { compareServers, type Server } from "../http.js"
import { type Row, throughputRow } from "../report.js"
import { BENCH_DIR } from "../targets.js"

const EXAMPLE = join(BENCH_DIR, "..", "apps", "examples", "solid-start")
/** The secret and user of the contract's config, which the app runs in its contract mode. */
const CONTRACT_SECRET = "http-contract-secret-for-tests-only-0123456789"
const CONTRACT_USER = { name: "Ada Lovelace", email: "ada@example.test", sub: "7" }
/** The baseline route: `Auth()` called directly. */
const DIRECT = "/bench/direct-session"

/** What the rows need from the run. */
export interface SolidStartRowsOptions {
  httpRounds: { rounds: number; seconds: number }
  selected(id: string): boolean
  progress(message: string): void
}

/** The two rows: each path of ours against the direct `Auth()` route. */
const ROWS = [
  {
    id: "solid-start-auth",
    path: "/me",
    title: "SolidStart 2 route reading auth() (JWT), autocannon, 16 connections",
  },
  {
    id: "solid-start-route",
    path: "/api/auth/session",
    title: "SolidStart 2 GET /api/auth/session through SolidAuth (JWT), autocannon, 16 connections",
  },
] as const

/** The app's build, or why it cannot run. */
export function exampleUnavailable(): string | undefined {
  return existsSync(join(EXAMPLE, ".output", "server", "index.mjs"))
    ? undefined
    : "apps/examples/solid-start is not built (pnpm build)"
}

/** The example app in the contract's mode, on 127.0.0.1. */
export function startExample(): ReturnType<typeof serveOutput> {
  return serveOutput(EXAMPLE, { EXAMPLE_CONTRACT_BASE_PATH: "/api/auth" })
}

/** A session cookie for the contract's user. */
export async function contractSessionCookie(): Promise<string> {
  const token = await encode({
    token: CONTRACT_USER,
    secret: CONTRACT_SECRET,
    salt: SESSION_COOKIE,
  })
  return `${SESSION_COOKIE}=${token}`
}

/**
 * A `Server` of the bench's HTTP helpers for one path of the app: they load `url + path`, and
 * are given the path `""`.
 */
export function pathOf(baseUrl: string, path: string, side: Server["side"]): Server {
  return { side, url: `${baseUrl}${path}`, stop: async () => {} }
}

/**
 * Checks that a path answers with the contract user's session and re-issues its cookie.
 *
 * @throws {Error} when it does not
 */
export async function verifyPath(server: Server, cookie: string): Promise<void> {
  const response = await fetch(server.url, { headers: { cookie } })
  const session = (await response.json()) as { user?: { email?: string } } | null
  if (session?.user?.email !== CONTRACT_USER.email) {
    throw new Error(`${server.url}: no session (${response.status}).`)
  }
  const reissued = response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))
  if (!reissued) throw new Error(`${server.url}: the session cookie was not re-issued.`)
}

/** The SolidStart rows that `selected` asks for. */
export async function solidStartRows(options: SolidStartRowsOptions): Promise<Row[]> {
  const wanted = ROWS.filter((row) => options.selected(row.id))
  if (wanted.length === 0) return []
  const note =
    "Auth.js column: Auth() called directly by a route of the same app; ≥ 0.91× means the integration adds ≤ 10%"
  const unavailable = exampleUnavailable()
  if (unavailable) {
    return wanted.map((row) => ({
      ...throughputRow(row.id, row.title, undefined, undefined, 0.91),
      note: `not run: ${unavailable}`,
    }))
  }
  const app = await startExample()
  try {
    const cookie = await contractSessionCookie()
    const direct = pathOf(app.baseUrl, DIRECT, "authjs")
    await verifyPath(direct, cookie)
    const rows: Row[] = []
    for (const row of wanted) {
      options.progress(`· ${row.title}`)
      const ours = pathOf(app.baseUrl, row.path, "ours")
      await verifyPath(ours, cookie)
      const [a, b] = await compareServers(ours, direct, cookie, options.httpRounds, "")
      rows.push({ ...throughputRow(row.id, row.title, a, b, 0.91), note })
    }
    return rows
  } finally {
    await app.close()
  }
}
