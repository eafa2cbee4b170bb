/**
 * The HTTP rows over one app built twice (ours and the published package's), shared by the
 * Next.js and Astro rows: build both when changed, start both, check both, then load each row's
 * path on both in interleaved rounds; the servers are stopped whatever happens.
 */
import { type Row, throughputRow } from "../report.js"
import { authjsSessionCookie } from "../targets.js"
import { comparePages, type KitServer } from "./sveltekit-apps.js"

export type AppSide = "ours" | "authjs"

/** A framework's app, as its `*-app.ts` module builds, serves and checks it. */
export interface BuiltApp {
  /** The framework, for progress lines: `Next.js`. */
  readonly name: string
  /** Where the Auth.js column comes from, noted on every row. */
  readonly note: string
  /** Why our side cannot be built, or `undefined`. */
  oursUnavailable(): string | undefined
  buildApp(side: AppSide): void
  startApp(side: AppSide): Promise<KitServer>
  verifyApp(server: KitServer, cookie: string): Promise<void>
}

/** One row: the path loaded with a session cookie. */
export interface AppRow {
  readonly id: string
  readonly path: string
  readonly title: string
  readonly minRatio?: number
}

/** What the rows need from the run. */
export interface AppRowsOptions {
  httpRounds: { rounds: number; seconds: number }
  progress(message: string): void
}

/** The rows, timed over HTTP (or each marked not run, with why, when ours is not built). */
export async function appRows(
  app: BuiltApp,
  rows: readonly AppRow[],
  options: AppRowsOptions,
): Promise<Row[]> {
  const unavailable = app.oursUnavailable()
  if (unavailable) {
    return rows.map(({ id, title, minRatio }) => ({
      ...throughputRow(id, title, undefined, undefined, minRatio),
      note: `not run: ${unavailable}`,
    }))
  }
  options.progress(`· ${app.name} apps: building (when changed) and starting`)
  const sides: AppSide[] = ["ours", "authjs"]
  for (const side of sides) app.buildApp(side)
  const cookie = await authjsSessionCookie()
  const servers: KitServer[] = []
  try {
    for (const side of sides) {
      const server = await app.startApp(side)
      servers.push(server)
      await app.verifyApp(server, cookie)
    }
    const timed: Row[] = []
    for (const { id, path, title, minRatio } of rows) {
      options.progress(`· ${title}`)
      const [a, b] = await comparePages(servers[0]!, servers[1]!, cookie, options.httpRounds, path)
      timed.push({ ...throughputRow(id, title, a, b, minRatio), note: app.note })
    }
    return timed
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
