/**
 * Cold import: the time `await import(<package>)` takes in a fresh Node process (module
 * resolution, reading, compiling and evaluating the whole graph), measured inside the child.
 */
import { spawn } from "node:child_process"
import { BENCH_DIR } from "./targets.js"

/**
 * The entry points compared: the package root, as `import { Auth } from "@auth/core"` loads it,
 * and as `import { betterAuth } from "better-auth"` loads better-auth's (its server, every
 * built-in route and the Kysely adapter; the database driver is the app's and is not loaded).
 */
export const COLD_IMPORT_SPECIFIERS = {
  ours: "@auth/core",
  authjs: "authjs-core",
  "better-auth": "better-auth",
} as const

type ColdImportSide = keyof typeof COLD_IMPORT_SPECIFIERS

/** Milliseconds one fresh process takes to import `specifier`. */
export function coldImportOnce(specifier: string): Promise<number> {
  const code = [
    "const start = performance.now()",
    `await import(${JSON.stringify(specifier)})`,
    "process.stdout.write(String(performance.now() - start))",
  ].join("\n")
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
      cwd: BENCH_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once("error", reject)
    child.once("exit", (status) => {
      const ms = Number(output)
      if (status !== 0 || !Number.isFinite(ms)) {
        reject(new Error(`import(${specifier}) failed in a fresh process (exit ${status}).`))
      } else {
        resolve(ms)
      }
    })
  })
}

/**
 * Median cold-import times of ours, Auth.js and better-auth over `runs` interleaved rounds of
 * fresh processes (in order in even rounds, reversed in odd ones).
 */
export async function compareColdImports(runs: number): Promise<Record<ColdImportSide, number>> {
  const sides = Object.keys(COLD_IMPORT_SPECIFIERS) as ColdImportSide[]
  const times = { ours: [] as number[], authjs: [] as number[], "better-auth": [] as number[] }
  for (let run = 0; run < runs; run++) {
    for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
      times[side].push(await coldImportOnce(COLD_IMPORT_SPECIFIERS[side]))
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  return {
    ours: median(times.ours),
    authjs: median(times.authjs),
    "better-auth": median(times["better-auth"]),
  }
}
