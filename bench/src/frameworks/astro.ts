/**
 * The Astro row of `pnpm bench`: ours against the published `auth-astro` 4.2.0 (on the
 * `@auth/core` 0.37.4 it pins) in the same Astro 5 app (see `astro-app.ts`), over HTTP: a page
 * that calls `getSession(Astro.request)` on a JWT session.
 */
import { type Row, throughputRow } from "../report.js"
import { authjsSessionCookie } from "../targets.js"
import { type AstroSide, buildApp, oursUnavailable, startApp, verifyApp } from "./astro-app.js"
import { comparePages, type KitServer } from "./sveltekit-apps.js"

/** What the row needs from the run. */
export interface AstroRowsOptions {
  httpRounds: { rounds: number; seconds: number }
  selected(id: string): boolean
  progress(message: string): void
}

const ID = "astro-page"
const TITLE =
  "Astro 5 page calls getSession(Astro.request) (JWT), @astrojs/node, autocannon, 16 connections"
const MIN_RATIO = 2
const NOTE = "Auth.js column: auth-astro 4.2.0 on @auth/core 0.37.4"

/** The Astro row, when `selected` asks for it. */
export async function astroRows(options: AstroRowsOptions): Promise<Row[]> {
  if (!options.selected(ID)) return []
  const unavailable = oursUnavailable()
  if (unavailable) {
    return [
      {
        ...throughputRow(ID, TITLE, undefined, undefined, MIN_RATIO),
        note: `not run: ${unavailable}`,
      },
    ]
  }
  options.progress("· Astro apps: building (when changed) and starting")
  const sides: AstroSide[] = ["ours", "authjs"]
  for (const side of sides) buildApp(side)
  const cookie = await authjsSessionCookie()
  const servers: KitServer[] = []
  try {
    for (const side of sides) {
      const server = await startApp(side)
      servers.push(server)
      await verifyApp(server, cookie)
    }
    options.progress(`· ${TITLE}`)
    const [a, b] = await comparePages(servers[0]!, servers[1]!, cookie, options.httpRounds, "/")
    return [{ ...throughputRow(ID, TITLE, a, b, MIN_RATIO), note: NOTE }]
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
