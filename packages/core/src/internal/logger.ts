import { AuthError } from "../errors.js"

/** Codes of the warnings core logs. */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  | "weak-secret"

/** A logger. Levels that a custom logger leaves out use the built-in one. */
export interface LoggerInstance extends Record<string, (...args: never[]) => void> {
  warn: (code: WarningCode) => void
  error: (error: Error) => void
  debug: (message: string, metadata?: unknown) => void
}

const RED = "\x1b[31m"
const YELLOW = "\x1b[33m"
const GREY = "\x1b[90m"
const RESET = "\x1b[0m"

function describeError(error: Error): string {
  const name = error instanceof AuthError ? error.type : error.name
  const lines = [`${RED}[auth][error]${RESET} ${name}: ${error.message}`]
  const cause = error.cause
  if (cause && typeof cause === "object" && "err" in cause && cause.err instanceof Error) {
    const { err, ...details } = cause as { err: Error } & Record<string, unknown>
    lines.push(`${RED}[auth][cause]${RESET}: ${err.stack ?? String(err)}`)
    if (Object.keys(details).length > 0) {
      lines.push(`${RED}[auth][details]${RESET}: ${safeJson(details)}`)
    }
  } else if (cause instanceof Error) {
    lines.push(`${RED}[auth][cause]${RESET}: ${cause.stack ?? String(cause)}`)
  } else if (error.stack) {
    lines.push(error.stack.split("\n").slice(1).join("\n"))
  }
  return lines.join("\n")
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2)
  } catch {
    return String(value)
  }
}

/** The built-in logger: errors and warnings to the console, debug only when enabled. */
export const consoleLogger: LoggerInstance = {
  error(error) {
    console.error(describeError(error))
  },
  warn(code) {
    console.warn(
      `${YELLOW}[auth][warn][${code}]${RESET} Read more: https://warnings.authjs.dev#${code}`,
    )
  },
  debug(message, metadata) {
    console.log(
      `${GREY}[auth][debug]:${RESET} ${message}`,
      metadata === undefined ? "" : safeJson(metadata),
    )
  },
}

const noop = (): void => {}

/**
 * Builds the logger for one config: custom levels win, missing levels use the console, and
 * `debug` is silent unless `debug: true` (a custom `debug` is always used). A logger that
 * throws never breaks a request.
 */
export function createLogger(options: {
  debug?: boolean
  logger?: Partial<LoggerInstance>
}): LoggerInstance {
  const custom = options.logger ?? {}
  const debug = custom.debug ?? (options.debug ? consoleLogger.debug : noop)
  return {
    error: guard(custom.error ?? consoleLogger.error),
    warn: guard(custom.warn ?? consoleLogger.warn),
    debug: guard(debug),
  }
}

function guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args)
    } catch {
      // A broken logger must not turn a handled request into a crash.
    }
  }
}
