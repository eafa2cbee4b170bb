/**
 * Types of `serve.mjs`: how every example app (and the playground) starts and stops its Node.js
 * server. See that file.
 */
import type { RequestListener, Server } from "node:http"

/** How long the requests under way may take to finish once stopping, in milliseconds (10 s). */
export declare const SHUTDOWN_TIMEOUT_MS: number

/** The body of the `503` a request gets while the app is starting. */
export declare const STARTING_BODY: string

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** `0` picks a free port. */
  port: number
  /** @default "127.0.0.1" */
  host?: string
  /** The error to start with when listening fails. @default {@link describeListenError} */
  describeListenError?: (error: Error) => Error
}

/** A listening server. */
export interface AppServer {
  readonly server: Server
  /** The port it listens on (the one picked, for port `0`). */
  readonly port: number
  /** The app's handler: requests are answered `503` with `Retry-After` until it is set. */
  setHandler(listener: RequestListener): void
  /**
   * Stops accepting connections, lets the requests under way finish (each answered with
   * `Connection: close`), for at most `timeoutMs`, then closes every connection left; resolves
   * once the server is closed. Safe to call more than once.
   */
  stop(timeoutMs?: number): Promise<void>
}

/** Options of {@link serveApp}. */
export interface ServeAppOptions {
  port: number
  /** @default "127.0.0.1" */
  host?: string
  /** Loads the app's handler; called once the server listens. */
  load: () => RequestListener | Promise<RequestListener>
  /** Closes what the app opened besides `exampleDatabase()` and `exampleRedis()`. */
  close?: () => unknown
  /** @default SHUTDOWN_TIMEOUT_MS */
  shutdownTimeoutMs?: number
  /** @default console.log */
  log?: (message: string) => void
  /** @default console.error */
  logError?: (error: unknown) => void
}

/** Listens at once; answers `503` until {@link AppServer.setHandler} is called. */
export declare function startServer(options: StartServerOptions): Promise<AppServer>

/**
 * Takes the port and lets it go at once: a port in use fails here, named, before a slow start
 * makes anyone wait for that news. Port `0` passes.
 */
export declare function checkPortFree(options: StartServerOptions): Promise<void>

/** A listen failure that names the port and says what to do (`EADDRINUSE`, `EACCES`). */
export declare function describeListenError(error: Error, port: number, host: string): Error

/**
 * Waits (at most `waitMs`, 30 s by default) until every database `exampleDatabase()` opened in
 * this process answers; a failing one is not waited for.
 */
export declare function exampleDatabasesAnswering(waitMs?: number): Promise<void>

/** Closes every connection of `exampleDatabase()` and every client of `exampleRedis()`. */
export declare function closeExampleResources(logError?: (error: unknown) => void): Promise<void>

/** On the first SIGTERM or SIGINT, runs `stop` and exits 0 (1 if it fails); a second one exits at once. */
export declare function exitOnSignals(
  stop: (signal: NodeJS.Signals) => Promise<void>,
  options?: { log?: (message: string) => void; logError?: (error: unknown) => void },
): void

/**
 * Serves an app as every example's production server does: listens at once, `503` until
 * `load()` gave the handler and the example databases it opened answer, and on SIGTERM or SIGINT: stop accepting, finish the requests under
 * way (bounded), close the app's resources and the example databases and Redis clients, exit 0.
 */
export declare function serveApp(options: ServeAppOptions): Promise<AppServer>
