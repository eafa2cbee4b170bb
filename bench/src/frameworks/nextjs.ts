/**
 * The Next.js rows of `pnpm bench`: ours against the published next-auth 5.0.0-beta.32 in the
 * same Next.js 16 app (see `nextjs-app.ts`), over HTTP: a page whose Server Component calls
 * `auth()`, and `proxy.js` (the middleware) on a JWT session; and the middleware alone, in
 * process (`nextjs-middleware.ts`). (The edge middleware's bundle is in `nextjs-bundles.ts`.)
 */
import { compare, type Schedule } from "../measure.js"
import { type Row, throughputRow } from "../report.js"
import { type AppRow, appRows } from "./app-rows.js"
import { buildApp, oursUnavailable, startApp, verifyApp } from "./nextjs-app.js"
import { prepareMiddlewareRunners } from "./nextjs-middleware.js"

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
  const http: AppRow[] = [
    {
      id: "nextjs-page",
      path: "/",
      title: `Next.js page, Server Component calls auth() (JWT), ${CONNECTIONS_NOTE}`,
      minRatio: 1.5,
    },
    {
      id: "nextjs-proxy",
      path: "/guarded.txt",
      title: `Next.js proxy.ts (middleware) on a JWT session, in front of a static file, ${CONNECTIONS_NOTE}`,
      minRatio: 3,
    },
    {
      id: "nextjs-proxy-route",
      path: "/guarded",
      title: `Next.js proxy.ts (middleware) on a JWT session, in front of a route handler, ${CONNECTIONS_NOTE}`,
    },
  ]
  const wanted = http.filter(({ id }) => options.selected(id))
  if (wanted.length > 0) {
    const app = { name: "Next.js", note: NOTE, oursUnavailable, buildApp, startApp, verifyApp }
    rows.push(...(await appRows(app, wanted, options)))
  }
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
