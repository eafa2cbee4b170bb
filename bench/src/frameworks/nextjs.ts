/**
 * The Next.js rows of `pnpm bench`: ours against the published next-auth 5.0.0-beta.32 in the
 * same Next.js 16 app (see `nextjs-app.ts`), over HTTP: a page whose Server Component calls
 * `auth()`, and `proxy.js` (the middleware) on a JWT session; and the middleware alone, in
 * process (`nextjs-middleware.ts`). (The edge middleware's bundle is in `nextjs-bundles.ts`.)
 */
import { compare, type Schedule } from "../measure.js"
import { type Row, throughputRow } from "../report.js"
import { authjsSessionCookie } from "../targets.js"
import { buildApp, type NextSide, oursUnavailable, startApp, verifyApp } from "./nextjs-app.js"
import { prepareMiddlewareRunners } from "./nextjs-middleware.js"
import { comparePages, type KitServer } from "./sveltekit-apps.js"

/** What the rows need from the run. */
export interface NextjsRowsOptions {
  schedule: Schedule
  httpRounds: { rounds: number; seconds: number }
  selected(id: string): boolean
  progress(message: string): void
}

const CONNECTIONS_NOTE = "Next.js 16 next start, autocannon, 16 connections"
const NOTE = "Auth.js column: next-auth 5.0.0-beta.32"

/** The Next.js rows that `selected` asks for. */
export async function nextjsRows(options: NextjsRowsOptions): Promise<Row[]> {
  const rows: Row[] = []
  const http = [
    [
      "nextjs-page",
      "/",
      `Next.js page, Server Component calls auth() (JWT), ${CONNECTIONS_NOTE}`,
      1.5,
    ],
    [
      "nextjs-proxy",
      "/guarded.txt",
      `Next.js proxy.ts (middleware) on a JWT session, in front of a static file, ${CONNECTIONS_NOTE}`,
      3,
    ],
    [
      "nextjs-proxy-route",
      "/guarded",
      `Next.js proxy.ts (middleware) on a JWT session, in front of a route handler, ${CONNECTIONS_NOTE}`,
      undefined,
    ],
  ] as const
  const wanted = http.filter(([id]) => options.selected(id))
  if (wanted.length > 0) rows.push(...(await httpRows(wanted, options)))
  if (options.selected("nextjs-middleware")) {
    const title = "Next.js middleware auth(request) on a JWT session, in process (Node.js)"
    options.progress(`· ${title}`)
    const [ours, authjs] = await prepareMiddlewareRunners()
    await ours.verify()
    await authjs.verify()
    const [a, b] = await compare(ours.op, authjs.op, options.schedule)
    rows.push({ ...throughputRow("nextjs-middleware", title, a, b, 3), note: NOTE })
  }
  return rows
}

async function httpRows(
  wanted: ReadonlyArray<readonly [string, string, string, number | undefined]>,
  options: NextjsRowsOptions,
): Promise<Row[]> {
  const unavailable = oursUnavailable()
  if (unavailable) {
    return wanted.map(([id, , title, minRatio]) => ({
      ...throughputRow(id, title, undefined, undefined, minRatio),
      note: `not run: ${unavailable}`,
    }))
  }
  options.progress("· Next.js apps: building (when changed) and starting")
  const sides: NextSide[] = ["ours", "authjs"]
  for (const side of sides) buildApp(side)
  const cookie = await authjsSessionCookie()
  const servers: KitServer[] = []
  try {
    for (const side of sides) {
      const server = await startApp(side)
      servers.push(server)
      await verifyApp(server, cookie)
    }
    const rows: Row[] = []
    for (const [id, path, title, minRatio] of wanted) {
      options.progress(`· ${title}`)
      const [a, b] = await comparePages(servers[0]!, servers[1]!, cookie, options.httpRounds, path)
      rows.push({ ...throughputRow(id, title, a, b, minRatio), note: NOTE })
    }
    return rows
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
