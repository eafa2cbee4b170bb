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
