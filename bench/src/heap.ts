/**
 * Heap growth: the heap in use after N and after 2N JWT session GETs, garbage collected, in a
 * fresh process per implementation. A steady state leaves it flat.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { BENCH_DIR } from "./targets.js"

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
): Promise<HeapResult> {
  const script = join(BENCH_DIR, "src", "heap-child.ts")
  const args = ["--expose-gc", "--import", "tsx", script, side, String(first), String(second)]
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
