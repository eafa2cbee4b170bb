/** Codes of the warnings core logs. */
export type WarningCode =
  | "debug-enabled"
  | "csrf-disabled"
  | "env-url-basepath-redundant"
  | "env-url-basepath-mismatch"
  | "experimental-webauthn"
  | "weak-secret"
  | "jwt-a256gcm-allowed"
  | "rate-limit-disabled"

/** A logger. Levels that a custom logger leaves out use the built-in one. */
export interface LoggerInstance extends Record<string, (...args: never[]) => void> {
  warn: (code: WarningCode) => void
  error: (error: Error) => void
  debug: (message: string, metadata?: unknown) => void
}
