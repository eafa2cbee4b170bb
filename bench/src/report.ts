/** The results: rows with their ratio and target, as JSON and as a markdown table. */
import type { BundlePart } from "./bundles.js"
import { BETTER_AUTH_LABEL } from "./fixtures.js"
import type { Stats } from "./measure.js"

export type Measure =
  | { kind: "throughput"; stats: Stats }
  | { kind: "ms"; ms: number }
  | { kind: "bytes"; gzipBytes: number; minBytes: number }
  | { kind: "heap"; growthBytes: number; heapUsed: [number, number]; requests: [number, number] }

export interface Row {
  id: string
  title: string
  ours?: Measure
  authjs?: Measure
  /** Ours over Auth.js: ops/s for throughput rows, time or bytes for the others. */
  ratio?: number
  /** better-auth's measure, in the rows where it does the same job. */
  betterAuth?: Measure
  /** Ours over better-auth, as `ratio` is over Auth.js. */
  betterAuthRatio?: number
  /** The target of issue 6, as written there. */
  target?: string
  met?: boolean
  note?: string
}

export interface Results {
  date: string
  mode: "quick" | "full"
  node: string
  cpus: number
  loadAverage: { start: number[]; end: number[] }
  rows: Row[]
  bundleParts: Record<string, Record<string, BundlePart[]>>
}

/** A throughput row, with its ratio checked against a minimum. */
export function throughputRow(
  id: string,
  title: string,
  ours: Stats | undefined,
  authjs: Stats | undefined,
  minRatio?: number,
): Row {
  const ratio = ours && authjs ? ours.opsPerSec / authjs.opsPerSec : undefined
  return {
    id,
    title,
    ...(ours && { ours: { kind: "throughput", stats: ours } }),
    ...(authjs && { authjs: { kind: "throughput", stats: authjs } }),
    ...(ratio !== undefined && { ratio }),
    ...(minRatio !== undefined && {
      target: `≥ ${minRatio}×`,
      ...(ratio !== undefined && { met: ratio >= minRatio }),
    }),
  }
}

/** What a ratio compares: ops/s, milliseconds or gzipped bytes; none for heap rows. */
function magnitude(measure: Measure | undefined): number | undefined {
  switch (measure?.kind) {
    case "throughput":
      return measure.stats.opsPerSec
    case "ms":
      return measure.ms
    case "bytes":
      return measure.gzipBytes
    default:
      return undefined
  }
}

/** The row with better-auth's measure and the ratio of ours over it (none without a measure). */
export function withBetterAuth(row: Row, betterAuth: Measure | undefined): Row {
  if (!betterAuth) return row
  const ours = magnitude(row.ours)
  const theirs = magnitude(betterAuth)
  return {
    ...row,
    betterAuth,
    ...(ours !== undefined && theirs !== undefined && { betterAuthRatio: ours / theirs }),
  }
}

/**
 * The row with its target checked against better-auth instead of Auth.js: for the rows Auth.js
 * does not run (`withoutAuthjs`), whose targets are set against better-auth.
 */
export function targetOnBetterAuth(row: Row, minRatio: number): Row {
  const { betterAuthRatio } = row
  return {
    ...row,
    target: `≥ ${minRatio}× better-auth`,
    ...(betterAuthRatio !== undefined && { met: betterAuthRatio >= minRatio }),
  }
}

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 })

function duration(us: number): string {
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(0)} µs`
}

function formatMeasure(measure: Measure | undefined): string {
  if (!measure) return "—"
  switch (measure.kind) {
    case "throughput": {
      const { opsPerSec, p50Us, p99Us } = measure.stats
      return `${number.format(opsPerSec)}/s · p50 ${duration(p50Us)} · p99 ${duration(p99Us)}`
    }
    case "ms":
      return `${measure.ms.toFixed(1)} ms`
    case "bytes":
      return `${(measure.gzipBytes / 1024).toFixed(1)} kB (${(measure.minBytes / 1024).toFixed(1)} kB min)`
    case "heap": {
      const [first, second] = measure.requests
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2)
      const sign = measure.growthBytes >= 0 ? "+" : "−"
      return `${sign}${mb(Math.abs(measure.growthBytes))} MB (${mb(measure.heapUsed[0])} → ${mb(measure.heapUsed[1])} MB, ${first / 1000}k → ${second / 1000}k)`
    }
  }
}

function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? "—" : `${ratio.toFixed(2)}×`
}

/** The results as a markdown table, with a line on how they were taken. */
export function toMarkdown(results: Results): string {
  const lines = [
    `Node ${results.node}, ${results.cpus} CPUs, ${results.mode} run, ${results.date}; load average ${results.loadAverage.start.map((n) => n.toFixed(2)).join(" ")} at the start, ${results.loadAverage.end.map((n) => n.toFixed(2)).join(" ")} at the end.`,
    "",
    `| workload | @auth/core (ours) | Auth.js 0.41.3 | ${BETTER_AUTH_LABEL} | ours / Auth.js | ours / better-auth | target | met |`,
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ]
  for (const row of results.rows) {
    const met = row.met === undefined ? "—" : row.met ? "yes" : "**no**"
    const title = row.note ? `${row.title} (${row.note})` : row.title
    const measures = [row.ours, row.authjs, row.betterAuth].map(formatMeasure)
    const ratios = [row.ratio, row.betterAuthRatio].map(formatRatio)
    lines.push(
      `| ${title} | ${measures.join(" | ")} | ${ratios.join(" | ")} | ${row.target ?? ""} | ${met} |`,
    )
  }
  return lines.join("\n")
}

/** The largest parts of each analysed bundle, with what pulls them in. */
export function partsToMarkdown(parts: Results["bundleParts"]): string {
  const lines: string[] = []
  for (const [entry, sides] of Object.entries(parts)) {
    for (const [side, list] of Object.entries(sides)) {
      lines.push("", `${entry}, ${side} (minified bytes before gzip, largest first):`, "")
      for (const part of list.slice(0, 12)) {
        const via = part.via.length > 0 ? ` ← ${part.via.slice(1).reverse().join(" ← ")}` : ""
        lines.push(`- ${part.part}: ${(part.minBytes / 1024).toFixed(1)} kB${via}`)
      }
    }
  }
  return lines.join("\n")
}
