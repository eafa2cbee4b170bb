/**
 * A child process that runs JWT session GETs through one implementation and prints the heap in
 * use (after garbage collection) once `first` and once `second` requests have been served.
 *
 * Run as: node --expose-gc --import tsx src/heap-child.ts <ours|authjs> <first> <second>
 */
import { collectGarbage } from "./measure.js"
import { loadTarget } from "./targets.js"
import { jwtSessionRunner } from "./workloads.js"

const [which, first, second] = process.argv.slice(2)
if ((which !== "ours" && which !== "authjs") || !(globalThis as { gc?: unknown }).gc) {
  throw new Error("Usage: node --expose-gc --import tsx src/heap-child.ts <ours|authjs> <n> <m>")
}
const runner = await jwtSessionRunner(await loadTarget(which))
await runner.verify()

const heapAfter = async (total: number, done: number): Promise<number> => {
  for (let i = done; i < total; i++) await runner.op()
  collectGarbage()
  await new Promise((resolve) => setTimeout(resolve, 10))
  collectGarbage()
  return process.memoryUsage().heapUsed
}
const firstCount = Number(first)
const secondCount = Number(second)
const atFirst = await heapAfter(firstCount, 0)
const atSecond = await heapAfter(secondCount, firstCount)
process.stdout.write(`${JSON.stringify({ atFirst, atSecond })}\n`)
