// @ts-check
/**
 * How every example app (and the playground) starts and stops its Node.js server, in one place.
 * Plain JavaScript, so that an app's `node server.mjs` imports it without a TypeScript loader;
 * its types are in `serve.d.mts`.
 *
 * - **Starting**: the port is taken first, so a busy port is named at once; until the app's
 *   handler is loaded, every request is answered `503` with `Retry-After` (never left hanging,
 *   as a browser or a health check that comes right after the launch would otherwise be).
 * - **Stopping** (SIGTERM, SIGINT): no new connection is accepted; the requests under way finish
 *   (for at most `shutdownTimeoutMs`), each answered with `Connection: close`; then the app's own
 *   resources close (`close`), then the database connections and Redis clients of
 *   `exampleDatabase()` and `exampleRedis()`, and the process exits 0. A second signal exits at
 *   once.
 */
import { createServer } from "node:http"

/** How long the requests under way may take to finish once stopping, in milliseconds. */
export const SHUTDOWN_TIMEOUT_MS = 10_000

/** What a request gets while the app is starting: seconds before it is worth trying again. */
const STARTING_RETRY_AFTER_SECONDS = 1

/** The body of the `503` a request gets while the app is starting (the launcher looks for it). */
export const STARTING_BODY = "The app is starting. Try again in a moment.\n"

/** How long a start waits for the example databases to answer before it serves anyway. */
const DATABASE_WAIT_MS = 30_000

/** The exit code of a process stopped by a second Ctrl+C, as shells report SIGINT. */
const FORCED_EXIT_CODE = 130

// The registries of `exampleDatabase()` and `exampleRedis()` (database.ts, redis.ts): on
// globalThis, so that the copy of those modules a framework bundled into its server build and
// this module see the same connections.
const DATABASES_KEY = Symbol.for("@auth/example-support/databases")
const REDIS_KEY = Symbol.for("@auth/example-support/redis")

/**
 * Listens on `port` and `host` at once and answers `503` until {@link AppServer.setHandler} is
 * called; resolves once it listens.
 *
 * @param {import("./serve.d.mts").StartServerOptions} options
 * @returns {Promise<import("./serve.d.mts").AppServer>}
 */
export async function startServer(options) {
  const host = options.host ?? "127.0.0.1"
  /** @type {import("node:http").RequestListener | undefined} */
  let handler
  let stopping = false
  /** @type {Promise<void> | undefined} */
  let stopped
  /** @type {Set<import("node:http").ServerResponse>} */
  const active = new Set()
  /** @type {(() => void) | undefined} */
  let onIdle

  const server = createServer((req, res) => {
    active.add(res)
    res.once("close", () => {
      active.delete(res)
      if (stopping) {
        // A kept-alive connection that just went idle is not waited for.
        setImmediate(() => server.closeIdleConnections())
        if (active.size === 0) onIdle?.()
      }
    })
    if (stopping) res.setHeader("Connection", "close")
    if (!handler) {
      answerStarting(res)
      return
    }
    // An async handler's failure must not end the process: the request gets a 500.
    const result = /** @type {unknown} */ (handler(req, res))
    if (result instanceof Promise) {
      result.catch((error) => {
        console.error(error)
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" })
        res.end()
      })
    }
  })
  await new Promise((resolve, reject) => {
    /** @param {Error} error */
    const fail = (error) =>
      reject(options.describeListenError?.(error) ?? describeListenError(error, options.port, host))
    server.once("error", fail)
    server.listen(options.port, host, () => {
      server.off("error", fail)
      resolve(undefined)
    })
  })
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : options.port

  return {
    server,
    port,
    setHandler(listener) {
      handler = listener
    },
    stop(timeoutMs = SHUTDOWN_TIMEOUT_MS) {
      stopped ??= new Promise((resolve) => {
        stopping = true
        for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close")
        server.close(() => resolve(undefined))
        server.closeIdleConnections()
        const timer = setTimeout(() => server.closeAllConnections(), timeoutMs)
        timer.unref()
        onIdle = () => {
          clearTimeout(timer)
          setImmediate(() => server.closeAllConnections())
        }
        if (active.size === 0) onIdle()
      })
      return stopped
    },
  }
}

/**
 * Takes the port and lets it go at once: a port in use fails here, named (`describeListenError`),
 * before a slow start (a database to create) makes anyone wait for that news. Port `0` passes.
 *
 * @param {import("./serve.d.mts").StartServerOptions} options
 * @returns {Promise<void>}
 */
export async function checkPortFree(options) {
  if (options.port === 0) return
  const host = options.host ?? "127.0.0.1"
  const probe = createServer()
  await new Promise((resolve, reject) => {
    probe.once("error", (error) =>
      reject(
        options.describeListenError?.(error) ?? describeListenError(error, options.port, host),
      ),
    )
    probe.listen(options.port, host, () => probe.close(() => resolve(undefined)))
  })
}

/**
 * `503` with `Retry-After` and a short plain-text body: the app is starting.
 *
 * @param {import("node:http").ServerResponse} res
 */
function answerStarting(res) {
  res.writeHead(503, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(STARTING_BODY),
    "Retry-After": String(STARTING_RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
  })
  res.end(STARTING_BODY)
}

/**
 * A listen failure that names the port and says what to do.
 *
 * @param {Error} error
 * @param {number} port
 * @param {string} host
 * @returns {Error}
 */
export function describeListenError(error, port, host) {
  const code = /** @type {NodeJS.ErrnoException} */ (error).code
  const fix = "Stop what is using it, or choose another port with PORT (PORT=0 picks a free one)."
  if (code === "EADDRINUSE") {
    return new Error(`Port ${port} on ${host} is already in use. ${fix}`, { cause: error })
  }
  if (code === "EACCES") {
    return new Error(`Port ${port} on ${host} needs privileges this process lacks. ${fix}`, {
      cause: error,
    })
  }
  return error
}

/**
 * Closes every database connection and Redis client `exampleDatabase()` and `exampleRedis()`
 * opened in this process, whichever copy of those modules opened them. Never rejects: a failure
 * is reported to `logError`.
 *
 * @param {(error: unknown) => void} [logError]
 * @returns {Promise<void>}
 */
export async function closeExampleResources(logError = console.error) {
  const holder = /** @type {Record<symbol, Map<string, any> | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  )
  const databases = [...(holder[DATABASES_KEY]?.values() ?? [])]
  holder[DATABASES_KEY]?.clear()
  const clients = [...(holder[REDIS_KEY]?.values() ?? [])]
  holder[REDIS_KEY]?.clear()
  const closing = [
    ...databases.map((database) => database.close()),
    ...clients.map((client) => (client.isOpen ? client.close() : undefined)),
  ]
  for (const result of await Promise.allSettled(closing)) {
    if (result.status === "rejected") logError(result.reason)
  }
}

/**
 * Waits (at most `waitMs`) until every database `exampleDatabase()` opened in this process
 * answers: opening one (PGlite creating its files) can keep Node.js busy for seconds, better spent
 * while the app still says it is starting than under its first requests. A database that fails is
 * not waited for: the requests that need it report it.
 *
 * @param {number} [waitMs]
 * @returns {Promise<void>}
 */
export async function exampleDatabasesAnswering(waitMs = DATABASE_WAIT_MS) {
  const holder = /** @type {Record<symbol, Map<string, any> | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  )
  const databases = [...(holder[DATABASES_KEY]?.values() ?? [])]
  if (databases.length === 0) return
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer
  const waited = new Promise((resolve) => {
    timer = setTimeout(resolve, waitMs)
  })
  await Promise.race([
    Promise.allSettled(databases.map(async (database) => database.query("SELECT 1"))),
    waited,
  ])
  clearTimeout(timer)
}

/**
 * On the first SIGTERM or SIGINT, runs `stop` and exits 0 (1 when it fails); a second signal
 * while stopping exits at once.
 *
 * @param {(signal: NodeJS.Signals) => Promise<void>} stop
 * @param {{ log?: (message: string) => void, logError?: (error: unknown) => void }} [options]
 */
export function exitOnSignals(stop, options = {}) {
  const log = options.log ?? console.log
  const logError = options.logError ?? console.error
  let stopping = false
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    if (stopping) process.exit(FORCED_EXIT_CODE)
    stopping = true
    log(`${signal}: stopping (requests under way may finish).`)
    stop(signal).then(
      () => process.exit(0),
      (error) => {
        logError(error)
        process.exit(1)
      },
    )
  }
  process.on("SIGTERM", onSignal)
  process.on("SIGINT", onSignal)
}

/**
 * Serves an app the way every example's production server does: listens at once (a busy port
 * fails the start with a message that names it), answers `503` until `load()` gave the handler
 * and the example databases it opened answer (`exampleDatabasesAnswering`),
 * and on SIGTERM or SIGINT stops as described at the top of this module. A `load()` that fails
 * is logged and exits 1.
 *
 * @param {import("./serve.d.mts").ServeAppOptions} options
 * @returns {Promise<import("./serve.d.mts").AppServer>}
 * @example
 * // server.mjs: `node server.mjs` on PORT and HOST
 * import { serveApp } from "@auth/example-support/serve"
 *
 * await serveApp({
 *   port: Number(process.env.PORT ?? 3000),
 *   host: process.env.HOST || "localhost",
 *   load: async () => (await import("./build/handler.js")).handler,
 * })
 */
export async function serveApp(options) {
  const log = options.log ?? console.log
  const logError = options.logError ?? console.error
  const host = options.host ?? "127.0.0.1"
  /** @type {import("./serve.d.mts").AppServer} */
  let app
  try {
    app = await startServer({ port: options.port, host })
  } catch (error) {
    logError(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  const stop = async () => {
    await app.stop(options.shutdownTimeoutMs)
    await Promise.resolve(options.close?.()).catch(logError)
    await closeExampleResources(logError)
  }
  exitOnSignals(stop, { log, logError })
  log(`Listening on http://${host.includes(":") ? `[${host}]` : host}:${app.port}`)
  try {
    const handler = await options.load()
    // The app's config, loaded with its handler, opened the database: starting until it answers.
    await exampleDatabasesAnswering()
    app.setHandler(handler)
  } catch (error) {
    logError(error)
    await stop().catch(() => {})
    process.exit(1)
  }
  return app
}
