import { AuthError } from "../errors.js"
import type { LoggerInstance, WarningCode } from "../types/logger.js"
import { describeExpectedError } from "./expected-error.js"
import { redactSecrets, scrubError } from "./log-redaction.js"

export type { LoggerInstance, WarningCode }

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
      lines.push(`${RED}[auth][details]${RESET}: ${safeJson(redactSecrets(details))}`)
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

/**
 * Warnings about a config as a whole, given when a config is resolved: the built-in logger prints
 * each once per process (as Auth.js does `debug-enabled`), so configs derived from one another
 * (one per tenant of a multi-tenant mount, say) do not repeat them.
 */
const ONCE_PER_PROCESS: ReadonlySet<WarningCode> = new Set<WarningCode>([
  "debug-enabled",
  "weak-secret",
])
const warnedOnce = new Set<WarningCode>()

/**
 * The built-in logger: errors and warnings to the console, debug only when enabled. An expected
 * client error (wrong password, expired link, cancelled consent) is one `[auth][warn]` line with
 * its type and code; every other error keeps its stack.
 */
export const consoleLogger: LoggerInstance = {
  error(error) {
    const expected = describeExpectedError(error)
    if (expected === undefined) console.error(describeError(error))
    else console.warn(`${YELLOW}[auth][warn][${(error as AuthError).type}]${RESET} ${expected}`)
  },
  warn(code, message) {
    if (ONCE_PER_PROCESS.has(code)) {
      if (warnedOnce.has(code)) return
      warnedOnce.add(code)
    }
    // A warning with its own advice says it; one without points to Auth.js's list of codes.
    const text = message ?? `Read more: https://warnings.authjs.dev#${code}`
    console.warn(`${YELLOW}[auth][warn][${code}]${RESET} ${text}`)
  },
  debug(message, metadata) {
    console.log(
      `${GREY}[auth][debug]:${RESET} ${message}`,
      metadata === undefined ? "" : safeJson(metadata),
    )
  },
}

const noop = (): void => {}

/** The texts each logger was given by {@link warnOnce}, by the config's `logger` object. */
const toldOnce = new WeakMap<object, Set<string>>()

/**
 * Gives a warning once per logger and text. Configs prepared from one config (one per mount path
 * or base path, by `prepareConfig`) share its `logger` object, so they tell it once; without a
 * `logger` in the config, once per process (the built-in logger's).
 *
 * @param owner the config's `logger` option, or `undefined` for the built-in one
 */
export function warnOnce(
  logger: LoggerInstance,
  owner: object | undefined,
  code: WarningCode,
  message: string,
): void {
  const key = owner ?? consoleLogger
  let told = toldOnce.get(key)
  if (!told) {
    told = new Set()
    toldOnce.set(key, told)
  }
  const text = `${code}\0${message}`
  if (told.has(text)) return
  told.add(text)
  logger.warn(code, message)
}

/**
 * Builds the logger for one config: custom levels win, missing levels use the console, and
 * `debug` is silent unless `debug: true` (a custom `debug` is always used). A logger that
 * throws never breaks a request. Debug metadata reaches every logger with its credentials
 * redacted (`redactSecrets`), errors with the credentials they carry replaced (`scrubError`):
 * no token, secret or code is logged, whatever the level.
 */
export function createLogger(options: {
  debug?: boolean
  logger?: Partial<LoggerInstance>
}): LoggerInstance {
  const custom = options.logger ?? {}
  const debug = custom.debug ?? (options.debug ? consoleLogger.debug : noop)
  const error = custom.error ?? consoleLogger.error
  return {
    error: guard((logged: Error) => error(scrubError(logged))),
    warn: guard(custom.warn ?? consoleLogger.warn),
    debug: guard((message: string, ...metadata: unknown[]) =>
      debug(message, ...metadata.map((value) => redactSecrets(value))),
    ),
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
