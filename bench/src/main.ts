/**
 * `pnpm bench [--quick]`: every workload of issue 6, ours and Auth.js 0.41.3 in the same run,
 * interleaved, with better-auth 1.7.25 as a third side in the rows where it does the same job
 * (issue 30). Prints a markdown table and writes `bench/results.json`.
 *
 * `--quick` (under a minute) uses short rounds, fewer requests for the heap growth row, and skips
 * the Auth.js heap runs; its numbers are noisier. `--only=<id>,<id>` runs only those rows (their ids
 * as in results.json; `bundle` for all the bundle rows) and writes `results.partial.json`.
 */
import { writeFileSync } from "node:fs"
import { cpus, loadavg } from "node:os"
import { join } from "node:path"
import { BUNDLE_ENTRIES, bundleParts, bundleSize } from "./bundles.js"
import { compareColdImports } from "./cold-import.js"
import { astroRows } from "./frameworks/astro.js"
import { nextjsRows } from "./frameworks/nextjs.js"
import { solidStartRows } from "./frameworks/solid-start.js"
import { sveltekitRows } from "./frameworks/sveltekit.js"
import { measureHeap } from "./heap.js"
import {
  compareLoads,
  type LoadTarget,
  oursExpressUnavailable,
  type Server,
  sessionCookie,
  signInOverHttp,
  startServer,
  verifyServer,
} from "./http.js"
import { LIMITS, prepareLimit } from "./limits.js"
import { compare, compareAll, type Schedule, type Stats } from "./measure.js"
import {
  partsToMarkdown,
  type Results,
  type Row,
  targetOnBetterAuth,
  throughputRow,
  toMarkdown,
  withBetterAuth,
} from "./report.js"
import { BENCH_DIR } from "./targets.js"
import {
  closeAll,
  missingServer,
  prepareWorkload,
  type Runner,
  WORKLOADS,
  type Workload,
} from "./workloads.js"

const quick = process.argv.includes("--quick")
const schedule: Schedule = quick
  ? { warmupMs: 150, roundMs: 250, rounds: 4 }
  : { warmupMs: 1000, roundMs: 1500, rounds: 8 }
const httpRounds = quick ? { rounds: 2, seconds: 1 } : { rounds: 6, seconds: 5 }
const coldImportRuns = quick ? 3 : 11
const heapCounts: [number, number] = quick ? [10_000, 20_000] : [50_000, 100_000]
/** Distinct sessions read, each beside a 15 KB cookie, in the `heap-large-cookies` row. */
const LARGE_COOKIE_READS = 5000
const MEGABYTE = 1024 * 1024

const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",")
const selected = (id: string) =>
  !only || only.some((wanted) => wanted === id || (wanted === "bundle" && id.startsWith("bundle-")))
const progress = (message: string) => process.stderr.write(`${message}\n`)
const startLoad = loadavg()
const rows: Row[] = []

for (const workload of WORKLOADS.filter(({ id }) => selected(id))) {
  const missing = missingServer(workload)
  if (missing) {
    progress(`· ${workload.title}: left out, ${missing}`)
    continue
  }
  progress(`· ${workload.title}`)
  rows.push(await workloadRow(workload))
}

for (const limit of LIMITS.filter(({ id }) => selected(id))) {
  progress(`· ${limit.title}`)
  const [ours, authjs] = await prepareLimit(limit)
  const [a, b] = await compare(ours.op, authjs.op, schedule)
  rows.push({
    ...throughputRow(limit.id, limit.title, a, b),
    note: "Auth.js column: its jose calls",
  })
}

if (selected("http-express")) {
  progress("· HTTP session GET through Express")
  rows.push(await httpRow())
}

rows.push(...(await sveltekitRows({ schedule, httpRounds, selected, progress })))
rows.push(...(await solidStartRows({ httpRounds, selected, progress })))
rows.push(...(await nextjsRows({ schedule, httpRounds, selected, progress })))
rows.push(...(await astroRows({ httpRounds, selected, progress })))

if (selected("cold-import")) {
  progress("· cold import")
  const cold = await compareColdImports(coldImportRuns)
  const row: Row = {
    id: "cold-import",
    title: "cold import of the package root, fresh process",
    ours: { kind: "ms", ms: cold.ours },
    authjs: { kind: "ms", ms: cold.authjs },
    ratio: cold.ours / cold.authjs,
    target: "≤ 0.5×",
    met: cold.ours / cold.authjs <= 0.5,
  }
  rows.push(withBetterAuth(row, { kind: "ms", ms: cold["better-auth"] }))
}

const parts: Results["bundleParts"] = {}
for (const entry of BUNDLE_ENTRIES.filter(({ id }) => selected(id))) {
  progress(`· ${entry.title}`)
  const [ours, authjs, betterAuth] = await Promise.all([
    bundleSize(entry, "ours"),
    bundleSize(entry, "authjs"),
    entry.betterAuth === undefined ? undefined : bundleSize(entry, "better-auth"),
  ])
  const ratio = ours.gzipBytes / authjs.gzipBytes
  const row: Row = {
    id: entry.id,
    title: entry.title,
    ours: { kind: "bytes", ...ours },
    authjs: { kind: "bytes", ...authjs },
    ratio,
    ...(entry.maxRatio !== undefined && {
      target: `≤ ${entry.maxRatio}×`,
      met: ratio <= entry.maxRatio,
    }),
  }
  rows.push(withBetterAuth(row, betterAuth && { kind: "bytes", ...betterAuth }))
  if (entry.id !== "bundle-full") {
    parts[entry.id] = {
      ours: await bundleParts(entry, "ours"),
      authjs: await bundleParts(entry, "authjs"),
    }
  }
}

if (selected("heap")) {
  progress(`· heap after ${heapCounts[0]} and ${heapCounts[1]} session GETs`)
  const heapOurs = await measureHeap("ours", ...heapCounts)
  const heapAuthjs = quick ? undefined : await measureHeap("authjs", ...heapCounts)
  rows.push({
    id: "heap",
    title: "heap growth between the two counts of JWT session GETs",
    ours: { kind: "heap", ...heapOurs },
    ...(heapAuthjs && { authjs: { kind: "heap", ...heapAuthjs } }),
    target: "< 1 MB",
    met: heapOurs.growthBytes < MEGABYTE,
    ...(quick && { note: "quick: fewer requests, Auth.js not run" }),
  })
}

if (selected("heap-large-cookies")) {
  progress(`· heap after ${LARGE_COOKIE_READS} session GETs, each new, beside a 15 KB cookie`)
  const reads: [number, number] = [0, LARGE_COOKIE_READS]
  const heapOurs = await measureHeap("ours", ...reads, "large-cookies")
  const heapAuthjs = quick ? undefined : await measureHeap("authjs", ...reads, "large-cookies")
  rows.push({
    id: "heap-large-cookies",
    title: `heap held after ${LARGE_COOKIE_READS.toLocaleString("en-US")} JWT session GETs, each with a new token and a 15 KB unrelated cookie`,
    ours: { kind: "heap", ...heapOurs },
    ...(heapAuthjs && { authjs: { kind: "heap", ...heapAuthjs } }),
    // The decrypted session tokens held (at most 2 Mi characters) and their entries, no header.
    target: "< 6 MB",
    met: heapOurs.growthBytes < 6 * MEGABYTE,
    ...(quick && { note: "quick: Auth.js not run" }),
  })
}

const results: Results = {
  date: new Date().toISOString(),
  mode: quick ? "quick" : "full",
  node: process.version,
  cpus: cpus().length,
  loadAverage: { start: startLoad, end: loadavg() },
  rows,
  bundleParts: parts,
}
// A partial run leaves the full run's results.json as it is.
const resultsFile = only ? "results.partial.json" : "results.json"
writeFileSync(join(BENCH_DIR, resultsFile), `${JSON.stringify(results, null, 2)}\n`)
process.stdout.write(`${toMarkdown(results)}\n\nWhat the session-check bundles are made of:\n`)
process.stdout.write(`${partsToMarkdown(parts)}\n`)

/**
 * Times a workload's sides, interleaved: ours, Auth.js (or ours without the feature) unless the
 * row has no Auth.js side, and better-auth where it has a counterpart.
 */
async function workloadRow(workload: Workload): Promise<Row> {
  const prepared = await prepareWorkload(workload)
  try {
    const timed = [prepared.ours, prepared.authjs, prepared.betterAuth].filter(
      (runner): runner is Runner => runner !== undefined,
    )
    const stats = await compareAll(
      timed.map((runner) => runner.op),
      schedule,
      workload.concurrency,
    )
    const statsOf = (runner: Runner | undefined): Stats | undefined =>
      runner && stats[timed.indexOf(runner)]
    const row = throughputRow(
      workload.id,
      workload.title,
      statsOf(prepared.ours),
      statsOf(prepared.authjs),
      workload.minRatio,
    )
    const noted = workload.baseline
      ? { ...row, note: "Auth.js column: ours without the feature" }
      : workload.withoutAuthjs
        ? { ...row, note: "Auth.js not run: the bench has no Auth.js PostgreSQL adapter" }
        : row
    const betterAuth = statsOf(prepared.betterAuth)
    const measured = withBetterAuth(noted, betterAuth && { kind: "throughput", stats: betterAuth })
    // Without Auth.js, the row's target is set against better-auth.
    return workload.withoutAuthjs && workload.minRatio !== undefined
      ? targetOnBetterAuth(measured, workload.minRatio)
      : measured
  } finally {
    await closeAll(prepared)
  }
}

/**
 * `GET /auth/session` through Express 5 on ours and Auth.js (a JWT cookie Auth.js minted), and
 * `GET /api/auth/get-session` on better-auth (the cookies of a sign-in over HTTP), interleaved.
 */
async function httpRow(): Promise<Row> {
  const title = "HTTP session GET through Express 5, autocannon, 16 connections"
  const unavailable = oursExpressUnavailable()
  const cookie = await sessionCookie()
  const servers: Server[] = []
  const start = async (side: Server["side"]) => {
    const server = await startServer(side)
    servers.push(server)
    return server
  }
  try {
    const authjs = await start("authjs")
    await verifyServer(authjs, cookie)
    const betterAuth = await signInOverHttp(await start("better-auth"))
    const targets: LoadTarget[] = [{ server: authjs, cookie }, betterAuth]
    if (!unavailable) {
      const ours = await start("ours")
      await verifyServer(ours, cookie)
      targets.unshift({ server: ours, cookie })
    }
    const stats = await compareLoads(targets, httpRounds)
    const [a, b, c] = unavailable ? [undefined, ...stats] : stats
    const row = throughputRow("http-express", title, a, b, 3)
    const noted = unavailable ? { ...row, note: `ours not run: ${unavailable}` } : row
    return withBetterAuth(noted, c && { kind: "throughput", stats: c })
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
