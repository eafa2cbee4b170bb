/**
 * Timing: closed-loop rounds of an operation with a fixed number in flight, interleaved between
 * the sides (A B, B A, …) in one process so that drift and noise hit all alike.
 */

/** Throughput and latency of one side over all its rounds. */
export interface Stats {
  opsPerSec: number
  /** Median latency, microseconds. */
  p50Us: number
  /** 99th percentile latency, microseconds. */
  p99Us: number
  ops: number
  /** Throughput of each round, in order: how steady the machine was. */
  roundOpsPerSec?: number[]
}

/** How long to run: per side per round, in milliseconds, and how many rounds. */
export interface Schedule {
  warmupMs: number
  roundMs: number
  rounds: number
}

interface Sample {
  ops: number
  elapsedMs: number
  latenciesUs: number[]
}

/** Collects garbage when the process runs with `--expose-gc`, so no side pays for the other. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc) {
    gc()
    gc()
  }
}

/** Runs `op` with `concurrency` in flight until `durationMs` have passed. */
export async function runFor(
  op: () => Promise<void>,
  durationMs: number,
  concurrency = 1,
): Promise<Sample> {
  const latenciesUs: number[] = []
  const start = performance.now()
  const deadline = start + durationMs
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const before = performance.now()
      await op()
      latenciesUs.push((performance.now() - before) * 1000)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { ops: latenciesUs.length, elapsedMs: performance.now() - start, latenciesUs }
}

/** The value below which `fraction` of the sorted values fall. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  return sorted[Math.max(0, index)]!
}

function summarize(samples: readonly Sample[]): Stats {
  const ops = samples.reduce((sum, sample) => sum + sample.ops, 0)
  const elapsedMs = samples.reduce((sum, sample) => sum + sample.elapsedMs, 0)
  const latencies = samples.flatMap((sample) => sample.latenciesUs).sort((a, b) => a - b)
  return {
    opsPerSec: (ops / elapsedMs) * 1000,
    p50Us: percentile(latencies, 0.5),
    p99Us: percentile(latencies, 0.99),
    ops,
    roundOpsPerSec: samples.map((sample) => Math.round((sample.ops / sample.elapsedMs) * 1000)),
  }
}

/**
 * Times two operations in interleaved rounds (A B, B A, A B, …) after a warm-up of each, with
 * garbage collected before every turn.
 */
export async function compare(
  a: () => Promise<void>,
  b: () => Promise<void>,
  schedule: Schedule,
  concurrency = 1,
): Promise<[Stats, Stats]> {
  return (await compareAll([a, b], schedule, concurrency)) as [Stats, Stats]
}

/**
 * Times any number of operations in interleaved rounds, in their order in even rounds and in
 * reverse in odd ones (A B C, C B A, …), so that none always runs right after the same one; a
 * warm-up of each first, garbage collected before every turn. The stats come in `ops`' order.
 */
export async function compareAll(
  ops: ReadonlyArray<() => Promise<void>>,
  schedule: Schedule,
  concurrency = 1,
): Promise<Stats[]> {
  for (const op of ops) await runFor(op, schedule.warmupMs, concurrency)
  const samples: Sample[][] = ops.map(() => [])
  const forward = ops.map((_, index) => index)
  const backward = [...forward].reverse()
  for (let round = 0; round < schedule.rounds; round++) {
    for (const side of round % 2 === 0 ? forward : backward) {
      collectGarbage()
      samples[side]!.push(await runFor(ops[side]!, schedule.roundMs, concurrency))
    }
  }
  return samples.map(summarize)
}
