/**
 * How every example app starts and stops (`serve.mjs`): `503` with `Retry-After` from the first
 * accepted connection until the handler is loaded, a busy port named at once, and on SIGTERM the
 * requests under way finish (bounded) before the resources close and the process exits 0. Over
 * real sockets, with a stand-in app in a child process (`test/serve-app.mjs`).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { request } from "node:http"
import { createServer, type Server } from "node:net"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { checkPortFree, STARTING_BODY, startServer } from "./serve.mjs"

const SERVE_APP = fileURLToPath(new URL("../test/serve-app.mjs", import.meta.url))

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One GET on a fresh connection; rejects on a connection error. */
function get(port: number, path: string, timeoutMs = 20_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, path, agent: false, timeout: timeoutMs },
      (response) => {
        let body = ""
        response.setEncoding("utf8")
        response.on("data", (chunk: string) => {
          body += chunk
        })
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        )
        response.on("error", reject)
      },
    )
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer in ${timeoutMs} ms`)))
    outgoing.on("error", reject)
    outgoing.end()
  })
}

/** The first answer at `path`, retrying while the port is not open yet. */
async function firstAnswer(port: number, path = "/"): Promise<Answer> {
  const deadline = Date.now() + 20_000
  for (;;) {
    try {
      return await get(port, path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ECONNREFUSED" || Date.now() > deadline) {
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}

let child: ChildProcess | undefined
let output = ""

afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  child = undefined
  output = ""
})

function startApp(env: Record<string, string>): { exited: Promise<number | null> } {
  child = spawn(process.execPath, [SERVE_APP], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8")
  })
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8")
  })
  const started = child
  return { exited: new Promise((resolve) => started.once("exit", (code) => resolve(code))) }
}

/** Resolves once the output contains `text`. */
async function printed(text: string): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!output.includes(text)) {
    if (Date.now() > deadline) throw new Error(`"${text}" not printed:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe("serveApp, in a process of its own", () => {
  it("answers 503 with Retry-After from the first connection until the handler is loaded", async () => {
    const port = await freePort()
    startApp({ PORT: String(port), LOAD_MS: "1500" })
    const starting = await firstAnswer(port)
    expect(starting.status).toBe(503)
    expect(starting.headers["retry-after"]).toBe("1")
    expect(starting.headers["cache-control"]).toBe("no-store")
    expect(starting.body).toBe(STARTING_BODY)
    await printed("loaded")
    expect(await get(port, "/")).toMatchObject({ status: 200, body: "ok" })
  })

  it("answers 503 until the example databases the app opened answer", async () => {
    const port = await freePort()
    startApp({ PORT: String(port), DATABASE_MS: "3000" })
    await printed("loaded")
    expect((await get(port, "/")).status).toBe(503)
    const deadline = Date.now() + 10_000
    let answer = await get(port, "/")
    while (answer.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      answer = await get(port, "/")
    }
    expect(answer).toMatchObject({ status: 200, body: "ok" })
  })

  it("on SIGTERM, finishes the request under way, refuses new connections, closes, exits 0", async () => {
    const port = await freePort()
    const { exited } = startApp({ PORT: String(port), SLOW_MS: "1500" })
    await printed("loaded")
    const slow = get(port, "/slow")
    await printed("slow request started")
    child!.kill("SIGTERM")
    await printed("SIGTERM: stopping")
    await expect(get(port, "/")).rejects.toMatchObject({ code: "ECONNREFUSED" })
    const answer = await slow
    expect(answer).toMatchObject({ status: 200, body: "slow done" })
    expect(answer.headers.connection).toBe("close")
    expect(await exited).toBe(0)
    // The app's resources, then the example databases, after the last request.
    expect(output.indexOf("app closed")).toBeGreaterThan(output.indexOf("SIGTERM"))
    expect(output.indexOf("database closed")).toBeGreaterThan(output.indexOf("app closed"))
  })

  it("waits for a request under way no longer than the shutdown timeout", async () => {
    const port = await freePort()
    const { exited } = startApp({ PORT: String(port), SLOW_MS: "60000", SHUTDOWN_MS: "500" })
    await printed("loaded")
    const slow = get(port, "/slow").catch((error: NodeJS.ErrnoException) => error.code)
    await printed("slow request started")
    const stopped = Date.now()
    child!.kill("SIGTERM")
    expect(await exited).toBe(0)
    expect(Date.now() - stopped).toBeLessThan(5_000)
    expect(await slow).toBe("ECONNRESET")
  })

  it("names a busy port and exits 1", async () => {
    const busy = createServer()
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve))
    const { port } = busy.address() as { port: number }
    try {
      const { exited } = startApp({ PORT: String(port) })
      expect(await exited).toBe(1)
      expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use.`)
    } finally {
      await new Promise((resolve) => busy.close(resolve))
    }
  })
})

describe("startServer", () => {
  let busy: Server | undefined
  afterEach(async () => {
    await new Promise((resolve) => (busy ? busy.close(resolve) : resolve(undefined)))
    busy = undefined
  })

  it("stops at once when no request is under way, kept-alive connections included", async () => {
    const app = await startServer({ port: 0 })
    app.setHandler((_req, res) => res.end("ok"))
    const agent = new (await import("node:http")).Agent({ keepAlive: true })
    await new Promise<void>((resolve, reject) =>
      request({ host: "127.0.0.1", port: app.port, agent }, (response) => {
        response.resume()
        response.on("end", resolve)
      })
        .on("error", reject)
        .end(),
    )
    const started = Date.now()
    await app.stop()
    expect(Date.now() - started).toBeLessThan(1_000)
    agent.destroy()
  })

  it("checkPortFree and startServer name a busy port", async () => {
    busy = createServer()
    await new Promise<void>((resolve) => busy!.listen(0, "127.0.0.1", resolve))
    const { port } = busy.address() as { port: number }
    const message = `Port ${port} on 127.0.0.1 is already in use.`
    await expect(checkPortFree({ port })).rejects.toThrow(message)
    await expect(startServer({ port })).rejects.toThrow(message)
    await expect(
      checkPortFree({ port, describeListenError: () => new Error("taken, try another") }),
    ).rejects.toThrow("taken, try another")
    await expect(checkPortFree({ port: await freePort() })).resolves.toBeUndefined()
  })
})
