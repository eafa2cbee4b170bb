/**
 * The SolidStart rows of `pnpm bench`: the bench's own SolidStart 2 app (`bench/apps/solid-start`,
 * Nitro's Node server, built by `pnpm build`), over HTTP. Auth.js's @auth/solid-start 0.19 cannot
 * run on SolidStart 2, so the baseline is core's `Auth()` called directly by a route of the same
 * app (`/direct-session`); against it, the session read of an app route through `auth()`
 * (`/me`), and `GET /api/auth/session` through `SolidAuth`'s route. The integration meets its
 * target when it adds at most 10%: ours / direct ≥ 0.91.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { encode } from "@auth/core/jwt"
import { serveOutput } from "../../../packages/solid-start/test/serve-output.js"
import { SECRET, SESSION_COOKIE, USER } from "../fixtures.js"
import { compareServers, type Server } from "../http.js"
import { type Row, throughputRow } from "../report.js"
import { BENCH_DIR } from "../targets.js"

/** The bench's SolidStart 2 app. */
const APP = join(BENCH_DIR, "apps", "solid-start")
/** The baseline route: `Auth()` called directly. */
const DIRECT = "/direct-session"

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
export function appUnavailable(): string | undefined {
  return existsSync(join(APP, ".output", "server", "index.mjs"))
    ? undefined
    : "bench/apps/solid-start is not built (pnpm build)"
}

/** The bench's app on 127.0.0.1, with the bench's secret. */
export function startApp(): ReturnType<typeof serveOutput> {
  return serveOutput(APP, { AUTH_SECRET: SECRET })
}

/** A session cookie for the bench's user. */
export async function sessionCookie(): Promise<string> {
  const token = await encode({
    token: { name: USER.name, email: USER.email, sub: USER.id },
    secret: SECRET,
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
 * Checks that a path answers with the bench user's session and re-issues its cookie.
 *
 * @throws {Error} when it does not
 */
export async function verifyPath(server: Server, cookie: string): Promise<void> {
  const response = await fetch(server.url, { headers: { cookie } })
  const session = (await response.json()) as { user?: { email?: string } } | null
  if (session?.user?.email !== USER.email) {
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
  const unavailable = appUnavailable()
  if (unavailable) {
    return wanted.map((row) => ({
      ...throughputRow(row.id, row.title, undefined, undefined, 0.91),
      note: `not run: ${unavailable}`,
    }))
  }
  const app = await startApp()
  try {
    const cookie = await sessionCookie()
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
