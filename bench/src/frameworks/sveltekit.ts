/**
 * The SvelteKit rows of `pnpm bench`: a page whose server `load` reads `locals.auth()`, over
 * HTTP, ours against the published @auth/sveltekit 1.11.3 on SvelteKit 2 (same app code); and
 * the `handle` hook's cost over calling `Auth()` directly.
 */
import { compare, type Schedule } from "../measure.js"
import { type Row, throughputRow } from "../report.js"
import {
  buildPublishedFixture,
  comparePages,
  fixtureSessionCookie,
  type KitServer,
  oursUnavailable,
  startKitServer,
  verifyKitServer,
} from "./sveltekit-apps.js"
import { prepareHookWorkload } from "./sveltekit-hook.js"

/** What the rows need from the run. */
export interface SvelteKitRowsOptions {
  schedule: Schedule
  httpRounds: { rounds: number; seconds: number }
  selected(id: string): boolean
  progress(message: string): void
}

/** The SvelteKit rows that `selected` asks for. */
export async function sveltekitRows(options: SvelteKitRowsOptions): Promise<Row[]> {
  const rows: Row[] = []
  if (options.selected("sveltekit-hook")) {
    options.progress("· SvelteKit handle hook over Auth()")
    const [hook, direct] = await prepareHookWorkload()
    await hook.verify()
    await direct.verify()
    const [a, b] = await compare(hook.op, direct.op, options.schedule)
    rows.push({
      ...throughputRow(
        "sveltekit-hook",
        "SvelteKit handle hook, GET /auth/session (JWT), in process",
        a,
        b,
        0.91,
      ),
      note: "Auth.js column: our Auth() called directly; ≥ 0.91× means the hook adds ≤ 10%",
    })
  }
  if (options.selected("sveltekit-page")) {
    options.progress("· SvelteKit 2 page reading locals.auth(), HTTP")
    rows.push(await pageRow(options.httpRounds))
  }
  return rows
}

async function pageRow(httpRounds: SvelteKitRowsOptions["httpRounds"]): Promise<Row> {
  const title =
    "SvelteKit 2 page, server load reads locals.auth() (JWT), autocannon, 16 connections"
  const unavailable = oursUnavailable()
  if (unavailable)
    return {
      ...throughputRow("sveltekit-page", title, undefined, undefined, 2),
      note: `not run: ${unavailable}`,
    }
  buildPublishedFixture()
  const cookie = await fixtureSessionCookie()
  const servers: KitServer[] = []
  try {
    for (const side of ["ours", "authjs"] as const) {
      const server = await startKitServer(side)
      servers.push(server)
      await verifyKitServer(server, cookie)
    }
    const [a, b] = await comparePages(servers[0]!, servers[1]!, cookie, httpRounds)
    return throughputRow("sveltekit-page", title, a, b, 2)
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
