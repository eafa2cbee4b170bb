/**
 * A logger that keeps everything it is given, at every level, and writes it out the way a
 * thorough log pipeline would (every error's message, stack, cause and own properties, every
 * nested value), so that tests can assert that no secret reaches any log line.
 */
import type { LoggerInstance } from "../../src/types.js"

/** Every logger call, as text. */
export interface CapturedLogs {
  readonly lines: string[]
  readonly logger: LoggerInstance
  /** All lines joined. */
  text(): string
}

/** A logger for `config.logger` that captures `error`, `warn` and `debug` calls. */
export function captureLogs(): CapturedLogs {
  const lines: string[] = []
  return {
    lines,
    logger: {
      error: (error: Error) => void lines.push(`error ${describe(error)}`),
      warn: (code: string) => void lines.push(`warn ${code}`),
      debug: (message: string, metadata?: unknown) =>
        void lines.push(`debug ${message} ${describe(metadata)}`),
    },
    text: () => lines.join("\n"),
  }
}

/** Writes out a value completely: errors with message, stack, cause and own properties. */
export function describe(value: unknown, seen = new Set<unknown>()): string {
  if (value === null || typeof value !== "object") {
    return typeof value === "function" ? "[function]" : String(value)
  }
  if (seen.has(value)) return "[cycle]"
  seen.add(value)
  if (value instanceof Error) {
    const own = Object.entries(value).map(([key, member]) => `${key}=${describe(member, seen)}`)
    return `${value.name}: ${value.message} ${value.stack ?? ""} cause=${describe(value.cause, seen)} ${own.join(" ")}`
  }
  if (value instanceof Date) return value.toISOString()
  if (value instanceof URL || value instanceof Request || value instanceof Response) {
    return String(value instanceof URL ? value.href : value.url)
  }
  if (value instanceof Headers) return describe(Object.fromEntries(value), seen)
  if (value instanceof Map) return describe(Object.fromEntries(value), seen)
  const entries = Object.entries(value).map(([key, member]) => `${key}=${describe(member, seen)}`)
  return `{${entries.join(" ")}}`
}
