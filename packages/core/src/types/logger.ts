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
  /** A request was refused by a rate limit or a credentials lockout (no client or identifier named). */
  | "rate-limited"
  /** Listed providers left out until configured; the message names every missing variable. */
  | "providers-unavailable"
  /** A callback URL too long for a cookie was not kept in the callback-URL cookie. */
  | "callback-url-too-long"

/** A logger. Levels that a custom logger leaves out use the built-in one. */
export interface LoggerInstance extends Record<string, (...args: never[]) => void> {
  /**
   * A warning, by its code. Some codes come with a message that says what to fix (for
   * `providers-unavailable`, every missing environment variable); a logger written for Auth.js,
   * which takes only the code, still works.
   */
  warn: (code: WarningCode, message?: string) => void
  error: (error: Error) => void
  debug: (message: string, metadata?: unknown) => void
}
