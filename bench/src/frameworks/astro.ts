/**
 * The Astro row of `pnpm bench`: ours against the published `auth-astro` 4.2.0 (on the
 * `@auth/core` 0.37.4 it pins) in the same Astro 5 app (see `astro-app.ts`), over HTTP: a page
 * that calls `getSession(Astro.request)` on a JWT session.
 */
import type { Row } from "../report.js"
import { appRows } from "./app-rows.js"
import { buildApp, oursUnavailable, startApp, verifyApp } from "./astro-app.js"

/** What the row needs from the run. */
export interface AstroRowsOptions {
  httpRounds: { rounds: number; seconds: number }
  selected(id: string): boolean
  progress(message: string): void
}

const ID = "astro-page"
const TITLE =
  "Astro 5 page calls getSession(Astro.request) (JWT), @astrojs/node, autocannon, 16 connections"

/** The Astro row, when `selected` asks for it. */
export async function astroRows(options: AstroRowsOptions): Promise<Row[]> {
  if (!options.selected(ID)) return []
  const app = {
    name: "Astro",
    note: "Auth.js column: auth-astro 4.2.0 on @auth/core 0.37.4",
    oursUnavailable,
    buildApp,
    startApp,
    verifyApp,
  }
  return appRows(app, [{ id: ID, path: "/", title: TITLE, minRatio: 2 }], options)
}
