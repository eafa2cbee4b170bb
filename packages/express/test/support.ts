import { connect, type Socket } from "node:net"
import { HttpClient, type RawResponse } from "@auth/integration-test"
import type { ExpressAuthConfig } from "../src/index.js"
import Credentials from "../src/providers/credentials.js"
import { type ExpressFactory, listen } from "./app.js"

/** A secret for tests only. */
export const SECRET = "express-tests-secret-at-least-32-characters"

export const USER = { id: "1", name: "Ada Lovelace", email: "ada@example.test" }
export const PASSWORD = "lovelace"

/** Everything `authorize` was called with, newest last. */
export type Captured = Array<Record<string, unknown>>

/** A credentials config (user `ada`, password {@link PASSWORD}) whose logger records. */
export function testConfig(overrides: Partial<ExpressAuthConfig> = {}) {
  const captured: Captured = []
  const errors: Error[] = []
  const warnings: string[] = []
  const config: ExpressAuthConfig = {
    secret: SECRET,
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: (credentials) => {
          captured.push({ ...credentials })
          return credentials.username === "ada" && credentials.password === PASSWORD ? USER : null
        },
      }),
    ],
    logger: {
      error: (error) => void errors.push(error),
      warn: (code) => void warnings.push(code),
      debug: () => {},
    },
    ...overrides,
  }
  return { config, captured, errors, warnings }
}

/** A running app and a client for it; `close()` stops the server. */
export interface Running {
  client: HttpClient
  baseUrl: string
  close(): Promise<void>
}

/**
 * Builds an app with `build`, serves it on `127.0.0.1:0` and returns a client for `basePath`.
 */
export async function serve(
  createApp: ExpressFactory,
  build: (app: ReturnType<ExpressFactory>) => void,
  basePath = "/auth",
): Promise<Running> {
  const app = createApp()
  build(app)
  const running = await listen(app)
  return {
    baseUrl: running.baseUrl,
    client: new HttpClient(running.baseUrl, basePath),
    close: running.close,
  }
}

/** How long a test waits for a response before it fails: long for a loopback answer. */
export const RESPONSE_DEADLINE_MS = 5000

/**
 * Sends a request with {@link HttpClient.raw} (any method, any `Host`) and resolves with the
 * response; one not answered within `deadlineMs` rejects, so a server that leaves a request
 * hanging fails the test at once (closing the server then ends the connection).
 */
export function requestWithin(
  client: HttpClient,
  options: Parameters<HttpClient["raw"]>[0],
  deadlineMs = RESPONSE_DEADLINE_MS,
): Promise<RawResponse> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    const request = `${options.method ?? "GET"} ${options.path}`
    timer = setTimeout(
      () => reject(new Error(`${request}: no response in ${deadlineMs} ms`)),
      deadlineMs,
    )
  })
  return Promise.race([client.raw(options), deadline]).finally(() => clearTimeout(timer))
}

/** The head of a form POST to `/auth/signout` declaring a body of `length` bytes. */
function oversizedPostHead(baseUrl: string, length: number | "chunked"): string {
  const { host } = new URL(baseUrl)
  const framing = length === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`
  return `POST /auth/signout HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\n${framing}\r\n\r\n`
}

function connectTo(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket))
    socket.once("error", reject)
  })
}

function write(socket: Socket, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) =>
    socket.write(data, (error) => (error ? reject(error) : resolve())),
  )
}

/** Sends `request` as written over a raw socket and reads everything until the server closes. */
export async function exchangeRaw(baseUrl: string, request: string): Promise<string> {
  const socket = await connectTo(baseUrl)
  let response = ""
  socket.setEncoding("utf8").on("data", (chunk: string) => {
    response += chunk
  })
  const closed = new Promise((resolve) => socket.once("close", resolve))
  await write(socket, request)
  await closed
  return response
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends an oversized body of `length` bytes over a raw socket without reading (as a proxy that
 * forwards the request before the answer), a little at a time so that the server answers while
 * the client still sends; then reads everything the server sent until it closed.
 */
export async function sendWholeBodyThenRead(
  baseUrl: string,
  length: number,
): Promise<{ response: string; writeErrors: string[] }> {
  const socket = await connectTo(baseUrl)
  socket.pause()
  const writeErrors: string[] = []
  socket.on(
    "error",
    (error: NodeJS.ErrnoException) => void writeErrors.push(error.code ?? error.message),
  )
  const chunk = new Uint8Array(16 * 1024).fill(97)
  try {
    await write(socket, oversizedPostHead(baseUrl, length))
    for (let sent = 0; sent < length; sent += chunk.byteLength) {
      await write(socket, chunk.subarray(0, Math.min(chunk.byteLength, length - sent)))
      await pause(2)
    }
  } catch (error) {
    writeErrors.push((error as NodeJS.ErrnoException).code ?? String(error))
  }
  const chunks: Buffer[] = []
  socket.on("data", (data: Buffer) => void chunks.push(data))
  socket.resume()
  await new Promise<void>((resolve) => {
    socket.once("close", () => resolve())
    socket.once("end", () => resolve())
  })
  socket.destroy()
  return { response: Buffer.concat(chunks).toString("latin1"), writeErrors }
}

/**
 * Sends a chunked body that never ends, reading the answer meanwhile, until the server closes
 * the connection: what it answered, and how much was sent by then.
 */
export async function sendEndlessBody(
  baseUrl: string,
): Promise<{ response: string; closedAfterBytes: number }> {
  const socket = await connectTo(baseUrl)
  const chunks: Buffer[] = []
  socket.on("data", (data: Buffer) => void chunks.push(data))
  socket.on("error", () => {})
  let closed = false
  const done = new Promise<void>((resolve) =>
    socket.once("close", () => {
      closed = true
      resolve()
    }),
  )
  const payload = new Uint8Array(16 * 1024).fill(97)
  const frame = Buffer.concat([
    Buffer.from(`${payload.byteLength.toString(16)}\r\n`),
    payload,
    Buffer.from("\r\n"),
  ])
  let sent = 0
  socket.write(oversizedPostHead(baseUrl, "chunked"))
  while (!closed && sent < 64 * 1024 * 1024) {
    if (!socket.write(frame))
      await Promise.race([new Promise((r) => socket.once("drain", r)), done])
    sent += payload.byteLength
    await pause(0)
  }
  await done
  return { response: Buffer.concat(chunks).toString("latin1"), closedAfterBytes: sent }
}
