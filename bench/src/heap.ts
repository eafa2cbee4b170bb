/**
 * Heap growth: the heap in use after N and after 2N JWT session GETs, garbage collected, in a
 * fresh process per implementation. A steady state leaves it flat. With the `large-cookies`
 * workload (counts 0 and N): what N reads of distinct sessions, each beside a 15 KB cookie of the
 * app's, leave held.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { BENCH_DIR } from "./targets.js"

/**
 * `same-cookie`: one session cookie on every GET; `large-cookies`: a new session token on each,
 * in a `Cookie` header that also carries a 15 KB cookie.
 */
export type HeapWorkload = "same-cookie" | "large-cookies"

export interface HeapResult {
  requests: [number, number]
  /** Bytes of heap in use after each count. */
  heapUsed: [number, number]
  growthBytes: number
}

/** Runs the heap child for one implementation. */
export function measureHeap(
  side: "ours" | "authjs",
  first: number,
  second: number,
  workload: HeapWorkload = "same-cookie",
): Promise<HeapResult> {
  const script = join(BENCH_DIR, "src", "heap-child.ts")
  const counts = [String(first), String(second)]
  const args = ["--expose-gc", "--import", "tsx", script, side, ...counts, workload]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: BENCH_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once("error", reject)
    child.once("exit", (status) => {
      if (status !== 0) return reject(new Error(`The ${side} heap run exited with ${status}.`))
      const { atFirst, atSecond } = JSON.parse(output) as { atFirst: number; atSecond: number }
      resolve({
        requests: [first, second],
        heapUsed: [atFirst, atSecond],
        growthBytes: atSecond - atFirst,
      })
    })
  })
}
