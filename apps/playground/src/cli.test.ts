/**
 * The playground's command line as a user runs it: `pnpm start`, then Ctrl+C. The terminal
 * sends SIGINT to the whole foreground process group (pnpm, its shells, tsx, the app), so the
 * test does the same to a process group of its own.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { delimiter, join, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"

const appDir = fileURLToPath(new URL("..", import.meta.url))
const workspaceDir = fileURLToPath(new URL("../../..", import.meta.url))

/** How long the app may take to start, and to stop after Ctrl+C (more on a busy machine). */
const START_DEADLINE_MS = scaled(30_000)
const STOP_DEADLINE_MS = scaled(10_000)

let child: ChildProcess | undefined
let dataDir: string | undefined

afterEach(async () => {
  // A test that failed half-way leaves its process group running: stop it by its own id.
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    process.kill(-child.pid, "SIGKILL")
  }
  child = undefined
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  dataDir = undefined
})

/**
 * `PATH` as a terminal has it: without the workspace's `node_modules/.bin` folders that
 * `pnpm exec vitest` put first. There, `node` is a shell script (the workspace's pinned Node),
 * and `pnpm` started through it would sit behind a shell that a user's terminal does not have.
 * Folders outside the workspace stay: `npx -y pnpm@… test` finds `pnpm` in npx's own one.
 */
function terminalPath(): string {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !(dir.startsWith(workspaceDir) && dir.includes(`node_modules${sep}.bin`)))
    .join(delimiter)
}

/** Resolves once `output()` contains `text`; rejects after `deadlineMs` or when the child exits. */
function waitForOutput(
  process: ChildProcess,
  output: () => string,
  text: string,
  deadlineMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`"${text}" not printed within ${deadlineMs} ms:\n${output()}`))
    }, deadlineMs)
    const check = () => {
      if (!output().includes(text)) return
      cleanup()
      resolve()
    }
    const exited = () => {
      cleanup()
      reject(new Error(`exited before printing "${text}":\n${output()}`))
    }
    const failed = (error: Error) => {
      cleanup()
      reject(new Error(`could not start it: ${error.message}`))
    }
    const cleanup = () => {
      clearTimeout(timer)
      process.stdout?.off("data", check)
      process.stderr?.off("data", check)
      process.off("exit", exited)
      process.off("error", failed)
    }
    process.stdout?.on("data", check)
    process.stderr?.on("data", check)
    process.once("exit", exited)
    process.once("error", failed)
    check()
  })
}

/** The exit code, once the child exits; rejects after `deadlineMs`. */
function waitForExit(process: ChildProcess, deadlineMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`still running ${deadlineMs} ms after SIGINT`)),
      deadlineMs,
    )
    process.once("exit", (code) => {
      clearTimeout(timer)
      resolve(code)
    })
  })
}

describe("pnpm start", () => {
  // Starting takes seconds (pnpm, the TypeScript loader, PGlite), more on a busy machine.
  const timeout = START_DEADLINE_MS + STOP_DEADLINE_MS
  it("stops on Ctrl+C with exit code 0 and without pnpm's failure noise", { timeout }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), "playground-cli-"))
    let output = ""
    child = spawn("pnpm", ["start"], {
      cwd: appDir,
      detached: true, // its own process group, like a terminal's foreground job
      env: {
        ...process.env,
        PATH: terminalPath(),
        PORT: "0",
        PLAYGROUND_DATA_DIR: dataDir,
        NODE_ENV: "development",
      },
      stdio: ["ignore", "pipe", "pipe"],
    })
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
    })
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
    })
    await waitForOutput(child, () => output, "Playground running at", START_DEADLINE_MS)

    const exit = waitForExit(child, STOP_DEADLINE_MS)
    process.kill(-(child.pid as number), "SIGINT")

    expect(await exit).toBe(0)
    expect(output).toContain("SIGINT: stopping the playground.")
    expect(output).not.toMatch(/ELIFECYCLE|ERR_PNPM|Command failed/)
  })
})
