/**
 * The SvelteKit 2 fixture (`apps/fixtures/sveltekit2`) built twice from the same app code: on
 * our `@auth/sveltekit` (its own `build/`, made by `pnpm build`) and on the published 1.11.3
 * (`authjs-sveltekit` here, built into `.cache/` when missing or older than the app), each
 * served from its own process and loaded over HTTP by autocannon.
 */
import { spawn, spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { SESSION_COOKIE } from "../fixtures.js"
import { compareServers, load, type Server, stopChild } from "../http.js"
import type { Stats } from "../measure.js"
import { authjsJwt, BENCH_DIR, CACHE_DIR } from "../targets.js"

export type SvelteKitSide = Server["side"]

const REPOSITORY = join(BENCH_DIR, "..")
const FIXTURE = join(REPOSITORY, "apps", "fixtures", "sveltekit2")
/** The server the contract tests use for built apps: adapter-node's handler on port 0. */
const SERVE = join(REPOSITORY, "packages", "sveltekit", "test", "serve-built-app.mjs")
/** The secret and user of the fixture's config (`contractConfig` of @auth/integration-test). */
const FIXTURE_SECRET = "http-contract-secret-for-tests-only-0123456789"
const FIXTURE_EMAIL = "ada@example.test"

/** Where each side's build is. */
export function buildDir(side: SvelteKitSide): string {
  return side === "ours" ? join(FIXTURE, "build") : join(CACHE_DIR, "sveltekit2-authjs")
}

/** Why our side cannot run (the fixture is not built), or `undefined`. */
export function oursUnavailable(): string | undefined {
  return existsSync(join(buildDir("ours"), "handler.js"))
    ? undefined
    : "apps/fixtures/sveltekit2 is not built (pnpm build)"
}

/**
 * Builds the fixture on the published @auth/sveltekit into `.cache/`, unless a build newer than
 * every file of the app is there.
 *
 * @throws {Error} when `vite build` fails
 */
export function buildPublishedFixture(): void {
  const out = buildDir("authjs")
  const handler = join(out, "handler.js")
  if (existsSync(handler) && statSync(handler).mtimeMs > newestSource(FIXTURE)) return
  const result = spawnSync("pnpm", ["exec", "vite", "build"], {
    cwd: FIXTURE,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      FIXTURE_AUTH_PACKAGE: "authjs-sveltekit",
      FIXTURE_AUTH_RESOLVE_FROM: join(BENCH_DIR, "package.json"),
      FIXTURE_OUT: out,
      FIXTURE_KIT_DIR: ".svelte-kit-authjs",
    },
  })
  if (result.status !== 0) throw new Error("Building the fixture on the published package failed.")
}

/** The newest modification time of the app's sources and config. */
function newestSource(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name === "src") newest = Math.max(newest, newestIn(path))
    } else if (/\.(ts|js|json)$/.test(entry.name)) {
      newest = Math.max(newest, statSync(path).mtimeMs)
    }
  }
  return newest
}

/** The newest modification time of any file below `dir` (milliseconds since the epoch). */
export function newestIn(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** A running app: the Express rows' server shape, so their load helpers serve both. */
export type KitServer = Server

/** Serves one side's build in its own process, on 127.0.0.1, port 0. */
export async function startKitServer(side: SvelteKitSide): Promise<KitServer> {
  const child = spawn(process.execPath, [SERVE, buildDir(side)], {
    cwd: BENCH_DIR,
    stdio: ["ignore", "pipe", "inherit"],
  })
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", (line) =>
      resolve((JSON.parse(line) as { port: number }).port),
    )
    child.once("exit", (code) =>
      reject(new Error(`The ${side} SvelteKit app exited with ${code}.`)),
    )
  })
  return { side, url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) }
}

/** A session cookie for the fixture's user, minted by Auth.js (both sides read it). */
export async function fixtureSessionCookie(): Promise<string> {
  const { encode } = await authjsJwt()
  const token = { name: "Ada Lovelace", email: FIXTURE_EMAIL, sub: "7" }
  return `${SESSION_COOKIE}=${await encode({ token, secret: FIXTURE_SECRET, salt: SESSION_COOKIE })}`
}

/** Checks that the home page's server `load` read the session from the cookie. */
export async function verifyKitServer(server: KitServer, cookie: string): Promise<void> {
  const response = await fetch(`${server.url}/`, { headers: { cookie } })
  const html = await response.text()
  if (response.status !== 200 || !html.includes(`Signed in as ${FIXTURE_EMAIL}`)) {
    throw new Error(`${server.side}: the page did not show the session (${response.status}).`)
  }
}

/** Loads `path` (default `/`: the page whose `load` reads `locals.auth()`), as `load` does. */
export function loadPage(
  server: KitServer,
  cookie: string,
  limit: { seconds: number } | { amount: number },
  path = "/",
): Promise<Stats & { errors: number }> {
  return load(server, cookie, limit, path)
}

/** Interleaved rounds of `path` (default `/`) on both sides, as `compareServers` runs them. */
export function comparePages(
  ours: KitServer,
  authjs: KitServer,
  cookie: string,
  rounds: { rounds: number; seconds: number },
  path = "/",
): Promise<[Stats, Stats]> {
  return compareServers(ours, authjs, cookie, rounds, path)
}
