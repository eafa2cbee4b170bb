/**
 * The child processes the fixtures need: commands run to their end (installs, type-checks,
 * builds) and servers started until they say they listen. Every wait ends on an event (a line
 * of output, an exit) or on a deadline, never after a fixed pause.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { scaled } from "./timeouts.js"

/**
 * The environment of this process without what would change how the apps behave: the test
 * runner's own variables (SvelteKit's Vite plugin builds differently under `VITEST`), a
 * `NODE_ENV` of `test`, and any Auth.js or database setting of the machine.
 */
export function cleanEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (
      /^(VITEST|AUTH_|NEXTAUTH_|NEXT_)|^(NODE_ENV|DATABASE_URL|TEST|PORT|HOST|ORIGIN)$/.test(name)
    ) {
      continue
    }
    env[name] = value
  }
  return { ...env, ...overrides }
}

/** A TCP port nothing listens on right now, as the kernel picks one for `listen(0)`. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port)
        else reject(new Error("listen(0) gave no port"))
      })
    })
  })
}

export interface CommandResult {
  readonly code: number | null
  /** stdout and stderr, interleaved as they came. */
  readonly output: string
}

/** Runs a command to its end (killed at the deadline); resolves with its code and output. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
    })
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
    })
    const deadline = setTimeout(() => killGroup(child, "SIGKILL"), scaled(options.timeoutMs))
    child.once("error", (error) => {
      clearTimeout(deadline)
      reject(error)
    })
    child.once("close", (code, signal) => {
      clearTimeout(deadline)
      const note = signal ? `\n[killed by ${signal} after ${scaled(options.timeoutMs)} ms]` : ""
      resolve({ code, output: output + note })
    })
  })
}

export interface RunningServer {
  /** What the server printed so far, stdout and stderr. */
  output(): string
  /** The first match of `ready` in the output. */
  readonly ready: RegExpMatchArray
  /** Stops the server and whatever it started (its process group), and waits for its exit. */
  stop(): Promise<void>
}

/**
 * Starts a server and resolves once its output matches `ready` (the line it prints when it
 * listens). Rejects, with the output, when it exits first or the deadline passes.
 */
export function startServer(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number },
): Promise<RunningServer> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let output = ""
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return
    killGroup(child, "SIGTERM")
    const deadline = setTimeout(() => killGroup(child, "SIGKILL"), scaled(10_000))
    await exited
    clearTimeout(deadline)
  }
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (reason: string) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      void stop().then(() => reject(new Error(`${reason}\n--- output ---\n${output}`)))
    }
    const deadline = setTimeout(
      () => fail(`${command} did not print ${options.ready} in ${scaled(options.timeoutMs)} ms.`),
      scaled(options.timeoutMs),
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8")
      const ready = settled ? null : output.match(options.ready)
      if (ready) {
        settled = true
        clearTimeout(deadline)
        resolve({ output: () => output, ready, stop })
      }
    }
    child.stdout.on("data", onData)
    child.stderr.on("data", onData)
    child.once("exit", (code) => fail(`${command} exited with ${code} first.`))
    child.once("error", (error) => fail(error.message))
  })
}

/** Signals the child's process group (it was spawned `detached`, so it leads one), by its PID. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // The group is gone already.
  }
}
