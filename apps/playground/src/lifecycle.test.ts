/**
 * The playground's process from start to stop, over real sockets: no request is left hanging
 * while it starts, `GET /auth/health` answers 200 once it runs, and SIGTERM lets a request under
 * way finish before the process exits 0.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { connect, createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"

const appDir = fileURLToPath(new URL("..", import.meta.url))
/** How long the app may take to start (more on a busy machine). */
const START_DEADLINE_MS = scaled(60_000)

let child: ChildProcess | undefined
let dataDir: string | undefined
let output = ""

afterEach(async () => {
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGKILL")
  }
  child = undefined
  output = ""
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  dataDir = undefined
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function start(): Promise<{ port: number; exited: Promise<number | null> }> {
  dataDir = await mkdtemp(join(tmpdir(), "playground-lifecycle-"))
  const port = await freePort()
  child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: appDir,
    env: {
      ...process.env,
      PORT: String(port),
      PLAYGROUND_DATA_DIR: dataDir,
      NODE_ENV: "development",
      REDIS_URL: "",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const started = child
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
    })
  }
  return { port, exited: new Promise((resolve) => started.once("exit", (code) => resolve(code))) }
}

/** Resolves once the playground has printed `text`; rejects when it exits first. */
function printed(text: string): Promise<void> {
  const started = child!
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!output.includes(text)) return
      stop()
      resolve()
    }
    const exited = () => {
      stop()
      reject(new Error(`The playground exited before printing "${text}":\n${output}`))
    }
    const stop = () => {
      for (const stream of [started.stdout, started.stderr]) stream?.off("data", check)
      started.off("exit", exited)
    }
    // After the listeners of `start`, which append to `output`.
    for (const stream of [started.stdout, started.stderr]) stream?.on("data", check)
    started.once("exit", exited)
    check()
  })
}

/** GET `path`: its status and body; a request unanswered in `timeoutMs` fails. */
async function get(port: number, path: string, timeoutMs = 15_000) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    signal: AbortSignal.timeout(timeoutMs),
  })
  return { status: response.status, body: await response.text() }
}

describe("the playground's process", () => {
  it("leaves no request hanging while it starts, then answers GET /auth/health with 200", {
    timeout: START_DEADLINE_MS + scaled(10_000),
  }, async () => {
    const { port } = await start()
    const deadline = Date.now() + START_DEADLINE_MS
    const statuses = new Set<number>()
    for (;;) {
      try {
        // Refused before it listens (or reset by the moment its port is checked, at the very
        // start); once it listens, an answer: never a request that hangs.
        const { status, body } = await get(port, "/auth/health")
        statuses.add(status)
        if (status === 200) {
          expect(JSON.parse(body)).toEqual({ status: "ok" })
          break
        }
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code
        if (code !== "ECONNREFUSED" && code !== "ECONNRESET") throw error
      }
      if (Date.now() > deadline) throw new Error(`not up in time:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect([...statuses].every((status) => status === 200 || status === 503)).toBe(true)
  })

  it("on SIGTERM, lets a request under way finish, then exits 0", {
    timeout: START_DEADLINE_MS + scaled(20_000),
  }, async () => {
    const { port, exited } = await start()
    await printed("Playground running at")
    // A form POST whose body is still arriving when SIGTERM comes: the server's
    // `100 Continue` says it has the request, the log line that it is stopping.
    const socket = connect(port, "127.0.0.1")
    let response = ""
    const continued = new Promise<void>((resolve) => {
      socket.on("data", (chunk: Buffer) => {
        response += chunk.toString("latin1")
        if (response.includes("100 Continue")) resolve()
      })
    })
    const closed = new Promise((resolve) => socket.once("close", resolve))
    const body = "csrfToken=none&callbackUrl=%2F"
    socket.write(
      `POST /auth/signout HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nExpect: 100-continue\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 5),
    )
    await continued
    child!.kill("SIGTERM")
    await printed("SIGTERM: stopping the playground.")
    socket.write(body.slice(5))
    await closed
    // core's answer to a sign-out without a valid CSRF token, on a connection that then closes.
    expect(response.slice(response.indexOf("\r\n\r\n") + 4)).toMatch(/^HTTP\/1\.1 302 /)
    expect(response).toMatch(/\r\nconnection: close\r\n/i)
    expect(await exited).toBe(0)
    expect(output).toContain("SIGTERM: stopping the playground.")
  })
})
